/** Docker networks on an agent's engine (spec section 7): nothing is stored here, the agent acts. */
import { DisplayNames } from 'contract';
import { validDisplayName } from '../errors/display-name.js';
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
    const params = { name: networkName(name) };
    requireOnline(this.context, agent);
    return this.hub.request(agent.id, 'network.create', params);
  }

  async delete(agent: AgentRecord, name: string) {
    const params = { name: networkName(name) };
    requireOnline(this.context, agent);
    return this.hub.request(agent.id, 'network.delete', params);
  }
}

function networkName(value: string): string {
  return validDisplayName(value, DisplayNames.network, networkErrors.nameRefused);
}
