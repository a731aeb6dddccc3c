import type { FastifyInstance } from 'fastify';
import { bodyOf, queryOf } from '../agents/routes.js';
import { listAgentsOfUser } from '../agents/hub-store.js';
import { requireUser } from '../auth/guard.js';
import type { AppContext } from '../context.js';
import type { AppService } from './app-service.js';

const CONTROL_MESSAGES: Record<string, string> = {
  start: 'App started',
  stop: 'App stopped',
  restart: 'App restarted',
  update: 'App updated',
  redeploy: 'App redeployed',
};

/** Spec section 7, Apps. control-app takes the spec's `action` plus an optional `operation`. */
export function registerAppRoutes(app: FastifyInstance, context: AppContext, apps: AppService): void {
  app.get('/api/v1/apps/get-apps', async (request) => {
    const user = await requireUser(request);
    return {
      success: true,
      message: 'Apps loaded',
      data: { apps: await apps.list(user.id, queryOf(request).agent_id) },
    };
  });

  app.get('/api/v1/apps/get-apps-status', async (request) => {
    const user = await requireUser(request);
    const allAgents = async () => (await listAgentsOfUser(context.db, user.id)).map((agent) => agent.id);
    return {
      success: true,
      message: 'App statuses loaded',
      data: { apps: await apps.statuses(user.id, queryOf(request).agent_id, allAgents) },
    };
  });

  app.get('/api/v1/apps/get-app', async (request) => {
    const user = await requireUser(request);
    const query = queryOf(request);
    return {
      success: true,
      message: 'App loaded',
      data: await apps.get(user.id, query.agent_id, query.app_id, query.version),
    };
  });

  app.post('/api/v1/apps/control-app', async (request) => {
    const user = await requireUser(request);
    const result = await apps.control(
      user.id,
      queryOf(request).agent_id ?? bodyOf(request).agent_id,
      bodyOf(request),
    );
    return { success: true, message: CONTROL_MESSAGES[result.operation] ?? 'Done', data: result };
  });

  app.post('/api/v1/apps/delete-app', async (request) => {
    const user = await requireUser(request);
    await apps.delete(user.id, queryOf(request).agent_id ?? bodyOf(request).agent_id, bodyOf(request).app_id);
    return { success: true, message: 'App deleted' };
  });

  app.post('/api/v1/apps/create-app', async (request) => {
    const user = await requireUser(request);
    const data = await apps.create(
      user.id,
      queryOf(request).agent_id ?? bodyOf(request).agent_id,
      bodyOf(request),
    );
    return { success: true, message: 'App created', data };
  });

  app.post('/api/v1/apps/update-app', async (request) => {
    const user = await requireUser(request);
    const data = await apps.update(
      user.id,
      queryOf(request).agent_id ?? bodyOf(request).agent_id,
      bodyOf(request),
    );
    return { success: true, message: 'App updated', data };
  });

  app.post('/api/v1/apps/update-app-icon', async (request) => {
    const user = await requireUser(request);
    return { success: true, message: 'Icon updated', data: await apps.updateIcon(user.id, bodyOf(request)) };
  });

  app.post('/api/v1/apps/update-app-name', async (request) => {
    const user = await requireUser(request);
    return { success: true, message: 'App renamed', data: await apps.updateName(user.id, bodyOf(request)) };
  });

  app.get('/api/v1/apps/get-logs', async (request) => {
    const user = await requireUser(request);
    return {
      success: true,
      message: 'Logs loaded',
      data: { logs: await apps.logs(user.id, queryOf(request)) },
    };
  });
}
