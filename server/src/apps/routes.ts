/**
 * HTTP for spec section 7, Apps: who may call each route, its input and answer; rules in
 * the app-*-service.ts files (one per use case). `agent_id` comes in the query (the spec) or the body; control-app takes the spec's
 * `action` plus an optional `operation`.
 */
import { agentMethods, MANAGER_ROLES, ORGANIZATION_ROLES } from 'contract';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { agentOf, agentRole, signedIn, userOf } from '../http/access.js';
import {
  answers,
  body,
  done,
  envelope,
  optionalNumberText,
  optionalText,
  query,
  requiredId,
  Type,
} from '../http/schemas.js';
import { operationOf } from '../http/operation-request.js';
import type { AppInventoryService } from './app-inventory-service.js';
import type { AppDeps } from './app-lookup.js';
import { controlApp, removeApp } from './app-control-service.js';
import { updateAppIcon, updateAppName } from './app-customize-service.js';
import { createApp, updateApp } from './app-deploy-service.js';
import { hostPortRefusal } from './app-extensions.js';
import { appLogs, appStatuses, getApp, listApps } from './app-read-service.js';
import { AppDetails, AppListItem, ControlResult } from './app-views.js';
import { agentErrors } from '../agents/errors.js';
import { appErrors } from './errors.js';

const CONTROL_MESSAGES: Record<string, string> = {
  start: 'App started',
  stop: 'App stopped',
  restart: 'App restarted',
  update: 'App updated',
  redeploy: 'App redeployed',
};

/** `?agent_id=` of the routes that also accept it in the body. */
const agentQuery = query({ agent_id: optionalText(100) });
const appId = requiredId(appErrors.idRequired);
/** The configuration editor's payload; its entries are checked by the rules (app-config.ts). */
const configPayload = {
  agent_id: optionalText(100),
  config: Type.Optional(Type.Object({})),
  files: Type.Optional(Type.Unknown()),
  variables: Type.Optional(Type.Unknown()),
};
const idData = envelope(Type.Object({ id: Type.String() }));
/** Calls about one app of the agent. */
const oneApp = { querystring: agentQuery, body: body({ agent_id: optionalText(100), app_id: appId }) };

export function registerAppRoutes(app: FastifyInstance, apps: AppDeps, inventory: AppInventoryService): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/api/v1/apps/get-inventory',
    {
      config: { auth: agentRole(ORGANIZATION_ROLES) },
      schema: {
        querystring: agentQuery,
        response: answers(
          envelope(
            Type.Object({
              found: Type.Array(Type.Object({ app_id: Type.String(), project: Type.String() })),
              missing: Type.Array(Type.String()),
            }),
          ),
        ),
      },
    },
    async (request) => {
      const { found, missing } = await inventory.differences(agentOf(request));
      return {
        success: true,
        message: 'Inventory loaded',
        data: { found: found.map(({ app_id, project }) => ({ app_id, project })), missing },
      };
    },
  );

  api.post(
    '/api/v1/apps/adopt-app',
    {
      config: { auth: agentRole(MANAGER_ROLES) },
      schema: { ...oneApp, response: answers(idData) },
    },
    async (request) => ({
      success: true,
      message: 'App adopted',
      data: await inventory.adopt(agentOf(request), request.body.app_id, operationOf(request)),
    }),
  );

  api.post(
    '/api/v1/apps/remove-found-app',
    {
      config: { auth: agentRole(MANAGER_ROLES) },
      schema: { ...oneApp, response: answers(done) },
    },
    async (request) => {
      await inventory.remove(agentOf(request), request.body.app_id, operationOf(request));
      return { success: true, message: 'App removed from the server' };
    },
  );

  api.get(
    '/api/v1/apps/get-apps',
    {
      config: { auth: agentRole(ORGANIZATION_ROLES) },
      schema: {
        querystring: agentQuery,
        response: answers(envelope(Type.Object({ apps: Type.Array(AppListItem) }))),
      },
    },
    async (request) => ({
      success: true,
      message: 'Apps loaded',
      data: { apps: await listApps(apps, agentOf(request)) },
    }),
  );

  api.get(
    '/api/v1/apps/get-apps-status',
    {
      // Without agent_id: every app on the caller's servers.
      config: { auth: signedIn },
      schema: {
        querystring: agentQuery,
        response: answers(
          envelope(
            Type.Object({ apps: Type.Array(Type.Object({ app_id: Type.String(), status: Type.Integer() })) }),
          ),
        ),
      },
    },
    async (request) => ({
      success: true,
      message: 'App statuses loaded',
      data: { apps: await appStatuses(apps, userOf(request).id, request.query.agent_id) },
    }),
  );

  api.get(
    '/api/v1/apps/get-app',
    {
      config: { auth: agentRole(ORGANIZATION_ROLES) },
      schema: {
        querystring: query({ agent_id: optionalText(100), app_id: appId, version: optionalText(100) }),
        response: answers(envelope(AppDetails)),
      },
    },
    async (request) => ({
      success: true,
      message: 'App loaded',
      data: await getApp(apps, agentOf(request), request.query.app_id, request.query.version),
    }),
  );

  api.post(
    '/api/v1/apps/control-app',
    {
      config: { auth: agentRole(MANAGER_ROLES) },
      schema: {
        querystring: agentQuery,
        body: body({
          agent_id: optionalText(100),
          app_id: appId,
          action: optionalText(20),
          operation: optionalText(20),
        }),
        response: answers(envelope(ControlResult)),
      },
    },
    async (request) => {
      const result = await controlApp(apps, agentOf(request), request.body, operationOf(request));
      return { success: true, message: CONTROL_MESSAGES[result.operation] ?? 'Done', data: result };
    },
  );

  api.post(
    '/api/v1/apps/delete-app',
    {
      config: { auth: agentRole(MANAGER_ROLES) },
      schema: {
        querystring: agentQuery,
        body: body({
          agent_id: optionalText(100),
          app_id: appId,
          /** Leave the app's data volumes on the server (everything else goes). */
          keep_volumes: Type.Optional(Type.Boolean()),
        }),
        response: answers(done),
      },
    },
    async (request) => {
      await removeApp(
        apps,
        agentOf(request),
        request.body.app_id,
        { keepVolumes: request.body.keep_volumes === true },
        operationOf(request),
      );
      return { success: true, message: 'App deleted' };
    },
  );

  // Create and update both save the configuration editor's payload and answer the app's id.
  for (const [path, message, save] of [
    ['/api/v1/apps/create-app', 'App created', createApp],
    ['/api/v1/apps/update-app', 'App updated', updateApp],
  ] as const)
    api.post(
      path,
      {
        config: { auth: agentRole(MANAGER_ROLES) },
        schema: { querystring: agentQuery, body: body(configPayload), response: answers(idData) },
      },
      async (request) => ({
        success: true,
        message,
        data: await save(apps, agentOf(request), request.body, operationOf(request)),
      }),
    );

  api.post(
    '/api/v1/apps/check-host-port',
    {
      config: { auth: agentRole(MANAGER_ROLES) },
      schema: {
        querystring: agentQuery,
        body: body({
          agent_id: optionalText(100),
          // Empty or left out: an app not created yet.
          app_id: optionalText(100),
          port: Type.Integer({ minimum: 1, maximum: 65535 }),
        }),
        response: answers(envelope(agentMethods['app.host-port'].result)),
      },
    },
    async (request) => ({
      success: true,
      message: 'Host port checked',
      data: {
        refusal: await hostPortRefusal(
          apps,
          agentOf(request),
          request.body.app_id || null,
          request.body.port,
        ),
      },
    }),
  );

  api.post(
    '/api/v1/apps/update-app-icon',
    {
      config: { auth: agentRole(MANAGER_ROLES) },
      schema: {
        body: body({
          agent_id: requiredId(agentErrors.idRequired),
          app_id: appId,
          // Bounded here; the name rule's limit and its text are the service's.
          icon: optionalText(1000),
          color: optionalText(20),
        }),
        response: answers(envelope(Type.Object({ icon: Type.String(), color: Type.String() }))),
      },
    },
    async (request) => ({
      success: true,
      message: 'Icon updated',
      data: await updateAppIcon(apps, agentOf(request), request.body),
    }),
  );

  api.post(
    '/api/v1/apps/update-app-name',
    {
      config: { auth: agentRole(MANAGER_ROLES) },
      schema: {
        body: body({
          agent_id: requiredId(agentErrors.idRequired),
          app_id: appId,
          name: Type.Optional(Type.Unknown()),
        }),
        response: answers(envelope(Type.Object({ name: Type.String() }))),
      },
    },
    async (request) => ({
      success: true,
      message: 'App renamed',
      data: await updateAppName(apps, agentOf(request), request.body),
    }),
  );

  api.get(
    '/api/v1/apps/get-logs',
    {
      config: { auth: agentRole(ORGANIZATION_ROLES) },
      schema: {
        querystring: query({
          agent_id: requiredId(agentErrors.idRequired),
          app_id: appId,
          tail: optionalNumberText(),
          since: optionalNumberText(),
          until: optionalNumberText(),
        }),
        response: answers(envelope(Type.Object({ logs: agentMethods['app.logs'].result }))),
      },
    },
    async (request) => ({
      success: true,
      message: 'Logs loaded',
      data: { logs: await appLogs(apps, agentOf(request), request.query) },
    }),
  );
}
