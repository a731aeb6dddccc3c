import type { FastifyInstance } from 'fastify';
import { memberRoles, requireAgentAccess } from '../agents/agent-access.js';
import { bodyOf, queryOf } from '../agents/routes.js';
import type { AppService } from '../apps/app-service.js';
import { requireUser } from '../auth/guard.js';
import type { AppContext } from '../context.js';
import { getCatalog } from './templates.js';

/** Spec section 7, Catalog: the list for an agent the user can see, and one-click install. */
export function registerCatalogRoutes(app: FastifyInstance, context: AppContext, apps: AppService): void {
  app.get('/api/v1/catalog/get-apps', async (request) => {
    const user = await requireUser(request);
    await requireAgentAccess(context, user.id, queryOf(request).agent_id, memberRoles);
    return { success: true, message: 'Catalog loaded', data: getCatalog(context.config).listCatalogItems() };
  });

  app.post('/api/v1/catalog/install-app', async (request) => {
    const user = await requireUser(request);
    const data = await apps.install(
      user.id,
      queryOf(request).agent_id ?? bodyOf(request).agent_id,
      bodyOf(request),
    );
    return { success: true, message: 'App installation started', data };
  });
}
