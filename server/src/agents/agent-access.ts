import type { OrganizationRole } from 'contract';
import type { AppContext } from '../context.js';
import { findOrgRole } from '../organizations/member-store.js';
import { agentErrors } from './errors.js';
import { findAgentRecord, type AgentRecord } from './agent-store.js';

/**
 * The agent, if the user has one of `roles` in its organization. Unknown agents and agents of
 * other organizations give the same answer, so ids cannot be probed.
 */
export async function requireAgentAccess(
  context: AppContext,
  userId: string,
  agentId: unknown,
  roles: readonly OrganizationRole[],
): Promise<AgentRecord> {
  if (typeof agentId !== 'string' || agentId.trim() === '') throw agentErrors.idRequired();
  const agent = await findAgentRecord(context.db, agentId);
  if (!agent) throw agentErrors.notFound(agentId);
  const role = await findOrgRole(context.db, userId, agent.organization_id);
  if (!role) throw agentErrors.notFound(agentId);
  if (!roles.includes(role)) {
    throw agentErrors.forbidden();
  }
  return agent;
}

/** The agent must be connected for calls that act on its server. */
export function requireOnline(context: AppContext, agent: AgentRecord): void {
  if (!context.presence.isOnline(agent.id)) throw agentErrors.offline();
}
