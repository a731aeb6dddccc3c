/** HTTP for spec section 7, Catalog: the list for an agent the user can see, and one-click install. */
import { MANAGER_ROLES, ORGANIZATION_ROLES } from 'contract';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../apps/app-lookup.js';
import { installApp } from '../apps/app-deploy-service.js';
import { operationOf } from '../http/operation-request.js';
import type { AppContext } from '../context.js';
import { agentOf, agentRole } from '../http/access.js';
import { answers, body, envelope, optionalText, query, requiredId, Type } from '../http/schemas.js';
import { getCatalog } from './templates.js';
import { CatalogItemSchema } from './catalog-item-schema.js';
import { agentErrors } from '../agents/errors.js';
import { appErrors } from '../apps/errors.js';

export function registerCatalogRoutes(app: FastifyInstance, context: AppContext, apps: AppDeps): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/api/v1/catalog/get-apps',
    {
      config: { auth: agentRole(ORGANIZATION_ROLES) },
      schema: {
        querystring: query({ agent_id: requiredId(agentErrors.idRequired) }),
        response: answers(envelope(Type.Array(CatalogItemSchema))),
      },
    },
    async () => ({
      success: true,
      message: 'Catalog loaded',
      data: getCatalog(context.config).listCatalogItems(),
    }),
  );

  api.post(
    '/api/v1/catalog/install-app',
    {
      config: { auth: agentRole(MANAGER_ROLES) },
      schema: {
        querystring: query({ agent_id: optionalText(100) }),
        body: body({
          agent_id: optionalText(100),
          name: Type.Optional(Type.Unknown()),
          // The dashboard's id for the new app (contract app-id.ts), checked by the service.
          app_id: Type.Optional(Type.Unknown()),
          template_id: requiredId(appErrors.templateRequired),
          version: optionalText(100),
        }),
        response: answers(envelope(Type.Object({ id: Type.String() }))),
      },
    },
    async (request) => ({
      success: true,
      message: 'App installation started',
      data: await installApp(apps, agentOf(request), request.body, operationOf(request)),
    }),
  );
}
