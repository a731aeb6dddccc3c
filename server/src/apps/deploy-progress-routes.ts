/**
 * HTTP for watching and cancelling an app's running deploy (issue 14): any member watches, the
 * managers who may deploy may cancel; the rules are deploy-progress-service.ts.
 */
import { MANAGER_ROLES, ORGANIZATION_ROLES, RunningDeploy } from 'contract';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { agentOf, agentRole } from '../http/access.js';
import { answers, body, done, envelope, optionalText, query, requiredId, Type } from '../http/schemas.js';
import type { AppDeps } from './app-lookup.js';
import { cancelDeploy, runningDeploy } from './deploy-progress-service.js';
import { appErrors } from './errors.js';

const appId = requiredId(appErrors.idRequired);

export function registerDeployProgressRoutes(app: FastifyInstance, apps: AppDeps): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/api/v1/apps/get-deploy-progress',
    {
      config: { auth: agentRole(ORGANIZATION_ROLES) },
      schema: {
        querystring: query({ agent_id: optionalText(100), app_id: appId }),
        response: answers(envelope(Type.Object({ deploy: Type.Union([RunningDeploy, Type.Null()]) }))),
      },
    },
    async (request) => ({
      success: true,
      message: 'Deploy progress loaded',
      data: { deploy: await runningDeploy(apps, agentOf(request), request.query.app_id) },
    }),
  );

  api.post(
    '/api/v1/apps/cancel-deploy',
    {
      config: { auth: agentRole(MANAGER_ROLES) },
      schema: {
        querystring: query({ agent_id: optionalText(100) }),
        body: body({
          agent_id: optionalText(100),
          app_id: appId,
          deploy_id: requiredId(appErrors.deployIdRequired),
        }),
        response: answers(done),
      },
    },
    async (request) => {
      await cancelDeploy(apps, agentOf(request), request.body.app_id, request.body.deploy_id);
      return { success: true, message: 'Cancelling the deploy' };
    },
  );
}
