import type { AppContext } from '../context.js';
import { DomainError } from '../errors/domain-error.js';
import { adminRoles } from '../organizations/access.js';
import { findOrgRole } from '../organizations/member-store.js';
import type { OrganizationRole } from '../organizations/tables.js';
import { findAgentRecord, type AgentRecord } from './agent-store.js';

export const memberRoles: readonly OrganizationRole[] = ['owner', 'admin', 'billing'];
export { adminRoles };

export function agentNotFound(agentId: string): DomainError {
  return new DomainError('AGENT_NOT_FOUND', `Agent with ID ${agentId} not found`);
}

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
  if (typeof agentId !== 'string' || agentId.trim() === '')
    throw new DomainError('AGENT_ID_REQUIRED', 'Agent ID is required');
  const agent = await findAgentRecord(context.db, agentId);
  if (!agent) throw agentNotFound(agentId);
  const role = await findOrgRole(context.db, userId, agent.organization_id);
  if (!role) throw agentNotFound(agentId);
  if (!roles.includes(role)) {
    throw new DomainError('AGENT_FORBIDDEN', 'You don’t have permission to manage settings for this server.');
  }
  return agent;
}

/** The agent must be connected for calls that act on its server. */
export function requireOnline(context: AppContext, agent: AgentRecord): void {
  if (!context.presence.isOnline(agent.id)) throw new DomainError('AGENT_OFFLINE', 'Agent is offline');
}
