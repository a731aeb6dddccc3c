/** Docker networks on an agent's engine (spec section 7): nothing is stored here, the agent acts. */
import { requireOnline } from '../agents/agent-access.js';
import type { AgentRecord } from '../agents/agent-store.js';
import type { AppContext } from '../context.js';
import type { AgentHub } from '../hub/agent-hub.js';
import { networkErrors } from './errors.js';

export class NetworkService {
  constructor(
    private readonly context: AppContext,
    private readonly hub: AgentHub,
  ) {}

  async list(agent: AgentRecord) {
    requireOnline(this.context, agent);
    return this.hub.request(agent.id, 'network.list', {});
  }

  async create(agent: AgentRecord, name: string) {
    requireOnline(this.context, agent);
    return this.hub.request(agent.id, 'network.create', { name: networkName(name) });
  }

  async delete(agent: AgentRecord, name: string) {
    requireOnline(this.context, agent);
    return this.hub.request(agent.id, 'network.delete', { name: networkName(name) });
  }
}

function networkName(value: string): string {
  const name = value.trim();
  if (!name) throw networkErrors.nameRequired();
  return name;
}
