import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.js';
import { DomainError } from '../errors/domain-error.js';
import type { AgentHub } from '../hub/agent-hub.js';
import { normalizePairingCode } from './pairing-code.js';
import type { Feature, NamedValue } from 'contract';
import { AttemptLimiter } from './attempt-limiter.js';
import {
  claimPairingCode,
  deleteAndRevokeAgent,
  findAgentRecord,
  listAgentsOfUser,
  renameAgent,
  type AgentRecord,
} from './agent-store.js';

export interface AgentView {
  id: string;
  name: string;
  certificate: string;
  last_seen: number | null;
  organization_id: string;
  subscription_status: string;
  capabilities: NamedValue[];
  features: Feature[];
}

function parseList<T>(json: string): T[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

export function toAgentView(agent: AgentRecord): AgentView {
  return {
    id: agent.id,
    name: agent.name,
    certificate: agent.certificate,
    last_seen: agent.last_seen,
    organization_id: agent.organization_id,
    subscription_status: agent.subscription_status,
    capabilities: parseList<NamedValue>(agent.capabilities),
    features: parseList<Feature>(agent.features),
  };
}

const INVALID_CODE = 'Invalid or expired code. Check the code printed by the agent and try again.';
const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

/** Agent rules of spec sections 5–7: pairing, listing, presence, rename, delete, versions, update. */
export class AgentService {
  // Guessing a 6-character code is only feasible at volume: cap attempts per user and per address.
  private readonly perUser = new AttemptLimiter(10, 10 * 60_000);
  private readonly perAddress = new AttemptLimiter(30, 10 * 60_000);

  constructor(
    private readonly context: AppContext,
    private readonly hub: AgentHub,
  ) {}

  async list(userId: string): Promise<AgentView[]> {
    return (await listAgentsOfUser(this.context.db, userId)).map(toAgentView);
  }

  async statuses(userId: string): Promise<Array<{ agent_id: string; status: number }>> {
    const agents = await listAgentsOfUser(this.context.db, userId);
    return agents.map((agent) => ({ agent_id: agent.id, status: this.hub.isOnline(agent.id) ? 1 : 0 }));
  }

  /** Pairs the agent showing `code` into the organization (the caller is its owner or admin). */
  async register(
    userId: string,
    address: string,
    input: { code: string; organization_id: string },
  ): Promise<AgentView> {
    if (!this.perUser.hit(userId) || !this.perAddress.hit(address))
      throw new DomainError('PAIRING_RATE_LIMITED', TOO_MANY);
    const code = normalizePairingCode(input.code);
    if (!code) throw new DomainError('PAIRING_CODE_INVALID', INVALID_CODE);
    const id = randomUUID();
    const claimed = await claimPairingCode(this.context.db, code, {
      id,
      organizationId: input.organization_id,
      name: `Server ${code}`,
      now: Date.now(),
    });
    if (!claimed) throw new DomainError('PAIRING_CODE_INVALID', INVALID_CODE);
    await this.hub.agentClaimed(claimed.certificate_fingerprint, id);
    const agent = await findAgentRecord(this.context.db, id);
    if (!agent) throw new DomainError('AGENT_NOT_FOUND', `Agent with ID ${id} not found`);
    return toAgentView(agent);
  }

  async rename(agent: AgentRecord, newName: string): Promise<AgentView> {
    const name = newName.trim();
    if (!name) throw new DomainError('AGENT_NAME_REQUIRED', 'Server name is required');
    if (name.length < 3)
      throw new DomainError('AGENT_NAME_SHORT', 'Server name must have at least 3 characters');
    if (name.length > 255)
      throw new DomainError('AGENT_NAME_LONG', 'Server name must be 255 characters or less');
    await renameAgent(this.context.db, agent.id, name);
    return toAgentView({ ...agent, name });
  }

  async delete(agent: AgentRecord): Promise<void> {
    if (this.hub.isOnline(agent.id)) {
      throw new DomainError(
        'AGENT_ONLINE',
        'The server must be offline to be deleted. Stop its agent first.',
      );
    }
    await deleteAndRevokeAgent(this.context.db, agent, Date.now());
    this.hub.revoke(agent.id, agent.certificate_fingerprint);
  }
}
