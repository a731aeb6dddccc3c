import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../auth/guard.js';
import type { AgentService } from './agent-service.js';

type Input = Record<string, unknown>;

export function bodyOf(request: FastifyRequest): Input {
  return typeof request.body === 'object' && request.body !== null ? (request.body as Input) : {};
}

export function queryOf(request: FastifyRequest): Input {
  return typeof request.query === 'object' && request.query !== null ? (request.query as Input) : {};
}

/** Spec section 7, Agents. */
export function registerAgentRoutes(app: FastifyInstance, agents: AgentService): void {
  app.get('/api/v1/agents/get-agents', async (request) => {
    const user = await requireUser(request);
    return { success: true, message: 'Agents loaded', data: { agents: await agents.list(user.id) } };
  });

  app.get('/api/v1/agents/get-agents-status', async (request) => {
    const user = await requireUser(request);
    return {
      success: true,
      message: 'Agent statuses loaded',
      data: { agents: await agents.statuses(user.id) },
    };
  });

  app.post('/api/v1/agents/register-agent', async (request) => {
    const user = await requireUser(request);
    const agent = await agents.register(user.id, request.ip, bodyOf(request));
    return { success: true, message: 'Server Connected', data: { agent } };
  });

  app.post('/api/v1/agents/rename-agent', async (request) => {
    const user = await requireUser(request);
    const agent = await agents.rename(user.id, bodyOf(request));
    return { success: true, message: 'Server Renamed', data: { agent } };
  });

  app.post('/api/v1/agents/delete-agent', async (request) => {
    const user = await requireUser(request);
    await agents.delete(user.id, bodyOf(request).agent_id);
    return { success: true, message: 'Agent deleted' };
  });
}
