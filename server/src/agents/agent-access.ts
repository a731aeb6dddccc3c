import type { OrganizationRole } from 'contract';
import type { AppContext } from '../context.js';
import type { DockerHealth } from '../hub/presence.js';
import type { Refusals } from '../organizations/access.js';
import { agentErrors } from './errors.js';
import { findAgentWithRole, type AgentRecord } from './agent-store.js';

/**
 * The agent, if the user has one of `roles` in its organization. Unknown agents and agents of
 * other organizations give the same answer (404, or the route's `refuse`), so ids cannot be
 * probed; another role answers 403 (or the route's `wrongRole`).
 */
export async function requireAgentAccess(
  context: AppContext,
  userId: string,
  agentId: unknown,
  access: Refusals & { roles: readonly OrganizationRole[] },
): Promise<AgentRecord> {
  if (typeof agentId !== 'string' || agentId.trim() === '') throw agentErrors.idRequired();
  const refuse = access.refuse ?? agentErrors.notFound;
  const found = await findAgentWithRole(context.db, agentId, userId);
  if (!found?.role) throw refuse(agentId);
  const { agent, role } = found;
  if (!access.roles.includes(role))
    throw (access.wrongRole ?? access.refuse ?? agentErrors.forbidden)(agentId);
  return agent;
}

/** The agent must be connected for calls that act on its server. */
export function requireOnline(context: AppContext, agent: AgentRecord): void {
  if (!context.presence.isOnline(agent.id)) throw agentErrors.offline();
}

/** App controls need the server's Docker to answer its agent (the agent reports it, see hub/presence.ts). */
export function requireDockerResponding(health: DockerHealth, agent: AgentRecord): void {
  if (!health.isDockerResponding(agent.id)) throw agentErrors.dockerNotResponding();
}
