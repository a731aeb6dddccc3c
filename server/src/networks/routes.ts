import type { FastifyInstance } from 'fastify';
import { adminRoles, memberRoles, requireAgentAccess, requireOnline } from '../agents/agent-access.js';
import { bodyOf, queryOf } from '../agents/routes.js';
import { requireUser } from '../auth/guard.js';
import type { AppContext } from '../context.js';
import { DomainError } from '../http/errors.js';
import type { AgentHub } from '../hub/agent-hub.js';

function networkName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new DomainError('NETWORK_NAME_REQUIRED', 'Network name is required');
  return value.trim();
}

/** Spec section 7, networks: Docker networks on the agent's engine (nothing stored here). */
export function registerNetworkRoutes(app: FastifyInstance, context: AppContext, hub: AgentHub): void {
  app.get('/api/v1/networks/get-networks', async (request) => {
    const user = await requireUser(request);
    const agent = await requireAgentAccess(context, user.id, queryOf(request).agent_id, memberRoles);
    requireOnline(context, agent);
    return {
      success: true,
      message: 'Networks loaded',
      data: { networks: await hub.request(agent.id, 'network.list', {}) },
    };
  });

  app.post('/api/v1/networks/create-network', async (request) => {
    const user = await requireUser(request);
    const body = bodyOf(request);
    const name = networkName(body.name);
    const agent = await requireAgentAccess(context, user.id, body.agent_id, adminRoles);
    requireOnline(context, agent);
    return {
      success: true,
      message: 'Network created successfully',
      data: await hub.request(agent.id, 'network.create', { name }),
    };
  });

  app.post('/api/v1/networks/delete-network', async (request) => {
    const user = await requireUser(request);
    const body = bodyOf(request);
    const name = networkName(body.name);
    const agent = await requireAgentAccess(context, user.id, body.agent_id, adminRoles);
    requireOnline(context, agent);
    return {
      success: true,
      message: 'Network deleted successfully',
      data: await hub.request(agent.id, 'network.delete', { name }),
    };
  });
}
