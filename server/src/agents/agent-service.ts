import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.js';
import { agentErrors } from './errors.js';
import type { AgentHub } from '../hub/agent-hub.js';
import { statusesAreLive } from '../hub/presence.js';
import { normalizePairingCode } from './pairing-code.js';
import { Type, type Static } from '@sinclair/typebox';
import { DisplayNames, Feature, NamedValue } from 'contract';
import { validDisplayName } from '../errors/display-name.js';
import { createAttemptLimiter } from '../limits/attempt-limiter.js';
import {
  claimPairingCode,
  deleteAndRevokeAgent,
  findAgentRecord,
  listAgentIdsOfUser,
  listAgentsOfUser,
  renameAgent,
  type AgentRecord,
} from './agent-store.js';

/** A server as get-agents and register-agent answer it (the routes' response schema). */
export const AgentView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  certificate: Type.String(),
  last_seen: Type.Union([Type.Number(), Type.Null()]),
  organization_id: Type.String(),
  subscription_status: Type.String(),
  capabilities: Type.Array(NamedValue),
  features: Type.Array(Feature),
});
export type AgentView = Static<typeof AgentView>;

function parseList<T>(json: string): T[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

function toAgentView(agent: AgentRecord): AgentView {
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

/** Failed claims of well-formed codes from one address in 10 minutes before it must wait: a flood. */
export const PAIRING_FLOOD_PER_ADDRESS = 200;

/** Agent rules of spec sections 5–7: pairing, listing, presence, rename, delete, versions, update. */
export class AgentService {
  // Guessing a 6-character code is only feasible at volume. Failed claims count per user first,
  // and per code (one code tried over and over, from any account); the address limit only stops a
  // flood, so colleagues behind one NAT or proxy (or every user, with TRUST_PROXY unset behind a
  // reverse proxy) never lock each other out with their typos. A successful claim counts nothing.
  private readonly limits;

  constructor(
    private readonly context: AppContext,
    private readonly hub: AgentHub,
  ) {
    const window = { windowMs: 10 * 60_000 };
    this.limits = {
      perUser: createAttemptLimiter(context.database, { name: 'pairing-user', attempts: 10, ...window }),
      perCode: createAttemptLimiter(context.database, { name: 'pairing-code', attempts: 5, ...window }),
      perAddress: createAttemptLimiter(context.database, {
        name: 'pairing-address',
        attempts: PAIRING_FLOOD_PER_ADDRESS,
        ...window,
      }),
    };
  }

  async list(userId: string): Promise<AgentView[]> {
    return (await listAgentsOfUser(this.context.db, userId)).map(toAgentView);
  }

  /** Online (1) or not (0), and whether an online agent's Docker answers it. */
  async statuses(
    userId: string,
  ): Promise<Array<{ agent_id: string; status: number; is_docker_responding: boolean }>> {
    const agentIds = await listAgentIdsOfUser(this.context.db, userId);
    return agentIds.map((agentId) => ({
      agent_id: agentId,
      status: this.hub.isOnline(agentId) ? 1 : 0,
      is_docker_responding: statusesAreLive(this.hub, agentId),
    }));
  }

  /** Pairs the agent showing `code` into the organization (the caller is its owner or admin). */
  async register(
    userId: string,
    address: string,
    input: { code: string; organization_id: string },
  ): Promise<AgentView> {
    const { perUser, perCode, perAddress } = this.limits;
    // The user's attempt is counted before the claim, so parallel requests cannot overtake it.
    if (!(await perUser.hit(userId)))
      throw agentErrors.pairingRateLimited(await perUser.retryAfterSeconds(userId));
    const code = normalizePairingCode(input.code);
    if (!code) throw agentErrors.pairingCodeInvalid();
    const wait = Math.max(await perCode.retryAfterSeconds(code), await perAddress.retryAfterSeconds(address));
    if (wait > 0) throw agentErrors.pairingRateLimited(wait);
    const id = randomUUID();
    const claimed = await claimPairingCode(this.context.db, code, {
      id,
      organizationId: input.organization_id,
      name: `Server ${code}`,
      now: Date.now(),
    });
    if (!claimed) {
      await Promise.all([perCode.hit(code), perAddress.hit(address)]);
      throw agentErrors.pairingCodeInvalid();
    }
    await perUser.refund(userId);
    await this.hub.agentClaimed(claimed.certificate_fingerprint, id);
    const agent = await findAgentRecord(this.context.db, id);
    if (!agent) throw agentErrors.notFound(id);
    return toAgentView(agent);
  }

  async rename(agent: AgentRecord, newName: string): Promise<AgentView> {
    const name = validDisplayName(newName, DisplayNames.server, agentErrors.nameRefused);
    await renameAgent(this.context.db, agent.id, name);
    return toAgentView({ ...agent, name });
  }

  async delete(agent: AgentRecord): Promise<void> {
    if (this.hub.isOnline(agent.id)) {
      throw agentErrors.online();
    }
    await deleteAndRevokeAgent(this.context.db, agent, Date.now());
    this.hub.revoke(agent.id, agent.certificate_fingerprint);
  }
}
