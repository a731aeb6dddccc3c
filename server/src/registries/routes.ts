import type { FastifyInstance } from 'fastify';
import { adminRoles, requireAgentAccess, requireOnline } from '../agents/agent-access.js';
import { bodyOf, queryOf } from '../agents/routes.js';
import { isEncryptedValue } from '../apps/secret-envelope.js';
import { requireUser } from '../auth/guard.js';
import type { AppContext } from '../context.js';
import { DomainError } from '../http/errors.js';
import type { AgentHub } from '../hub/agent-hub.js';

/** Username and password arrive encrypted to the agent certificate; the server only relays them. */
function encryptedOrEmpty(value: unknown, field: string): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value !== 'string' || !isEncryptedValue(value)) {
    throw new DomainError(
      'REGISTRY_NOT_ENCRYPTED',
      `The registry ${field} must be encrypted with the agent certificate`,
    );
  }
  return value;
}

/**
 * Spec section 7, registries. Credentials live only on the agent (its Docker config, used for
 * pulls); listings come from the agent and never include the password.
 */
export function registerRegistryRoutes(app: FastifyInstance, context: AppContext, hub: AgentHub): void {
  app.get('/api/v1/registries/get-registries', async (request) => {
    const user = await requireUser(request);
    const agent = await requireAgentAccess(context, user.id, queryOf(request).agent_id, adminRoles);
    requireOnline(context, agent);
    return {
      success: true,
      message: 'Registries loaded',
      data: { registries: await hub.request(agent.id, 'registry.list', {}) },
    };
  });

  app.post('/api/v1/registries/create-registry', async (request) => {
    const user = await requireUser(request);
    const body = bodyOf(request);
    if (typeof body.address !== 'string' || body.address.trim() === '')
      throw new DomainError('REGISTRY_ADDRESS_REQUIRED', 'Address is required');
    const params = {
      address: body.address.trim(),
      username: encryptedOrEmpty(body.username, 'username'),
      password: encryptedOrEmpty(body.password, 'password'),
    };
    const agent = await requireAgentAccess(context, user.id, body.agent_id, adminRoles);
    requireOnline(context, agent);
    const registry = await hub.request(agent.id, 'registry.create', params);
    return { success: true, message: 'Registry added successfully', data: { registry } };
  });

  app.post('/api/v1/registries/delete-registry', async (request) => {
    const user = await requireUser(request);
    const body = bodyOf(request);
    if (typeof body.address !== 'string' || body.address.trim() === '')
      throw new DomainError('REGISTRY_ADDRESS_REQUIRED', 'Address is required');
    const agent = await requireAgentAccess(context, user.id, body.agent_id, adminRoles);
    requireOnline(context, agent);
    await hub.request(agent.id, 'registry.delete', { address: body.address.trim() });
    return { success: true, message: 'Registry deleted successfully' };
  });
}
