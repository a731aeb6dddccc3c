/** HTTP for an app's deploy history (issue 14): any member reads it; the rules are app-history-service.ts. */
import { DeployHistoryEntry, ORGANIZATION_ROLES } from 'contract';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { agentOf, agentRole } from '../http/access.js';
import { answers, envelope, optionalText, query, requiredId, Type } from '../http/schemas.js';
import { deployHistory, deployOutput } from './app-history-service.js';
import type { AppDeps } from './app-lookup.js';
import { appErrors } from './errors.js';

const appId = requiredId(appErrors.idRequired);

export function registerHistoryRoutes(app: FastifyInstance, apps: AppDeps): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/api/v1/apps/get-deploy-history',
    {
      config: { auth: agentRole(ORGANIZATION_ROLES) },
      schema: {
        querystring: query({ agent_id: optionalText(100), app_id: appId }),
        response: answers(envelope(Type.Object({ deploys: Type.Array(DeployHistoryEntry) }))),
      },
    },
    async (request) => ({
      success: true,
      message: 'Deploy history loaded',
      data: { deploys: await deployHistory(apps, agentOf(request), request.query.app_id) },
    }),
  );

  api.get(
    '/api/v1/apps/get-deploy-output',
    {
      config: { auth: agentRole(ORGANIZATION_ROLES) },
      schema: {
        // Without app_id: a deploy of the server whose app is gone (a failed create or install).
        querystring: query({
          agent_id: optionalText(100),
          app_id: optionalText(100),
          deploy_id: requiredId(appErrors.deployIdRequired),
        }),
        response: answers(envelope(Type.Object({ output: Type.String() }))),
      },
    },
    async (request) => ({
      success: true,
      message: 'Deploy output loaded',
      data: await deployOutput(apps, agentOf(request), request.query.app_id, request.query.deploy_id),
    }),
  );
}
