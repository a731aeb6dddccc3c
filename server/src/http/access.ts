/**
 * Who may call a route, declared on the route: `config: { auth }` with one of
 * - `publicRoute`: anyone;
 * - `signedIn`: a live session (`Authorization: Bearer` or the `access_token` cookie);
 * - `organizationRole(field, roles)`: signed in and one of `roles` in the organization whose id is
 *   the body or query field `field` (403 'You don’t have access to this organization');
 * - `agentRole(roles)`: signed in and one of `roles` in the organization of the agent `agent_id`
 *   (query, else body); unknown and foreign agents answer alike (404), so ids cannot be probed.
 * Authentication runs when the request arrives (401 before any input is read); role checks run
 * after the schema has checked the input (preHandler). Handlers read the results with
 * `userOf`, `agentOf` and `organizationRoleOf`. Every `/api/` route must declare its `auth`.
 */
import type { OrganizationRole } from 'contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAgentAccess } from '../agents/agent-access.js';
import type { AgentRecord } from '../agents/agent-store.js';
import { ACCESS_TOKEN_COOKIE } from '../auth/cookies.js';
import { authenticate } from '../auth/session-service.js';
import type { SessionUser } from '../auth/session-store.js';
import { authErrors } from '../auth/errors.js';
import { requireOrgRole } from '../organizations/access.js';

export type RouteAuth =
  | { kind: 'public' }
  | { kind: 'user' }
  | { kind: 'organization'; field: string; roles: readonly OrganizationRole[] }
  | { kind: 'agent'; roles: readonly OrganizationRole[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    sessionUser: SessionUser | null;
    agent: AgentRecord | null;
    organizationRole: OrganizationRole | null;
  }
}

export const publicRoute: RouteAuth = { kind: 'public' };
export const signedIn: RouteAuth = { kind: 'user' };
export function organizationRole(field: string, roles: readonly OrganizationRole[]): RouteAuth {
  return { kind: 'organization', field, roles };
}
export function agentRole(roles: readonly OrganizationRole[]): RouteAuth {
  return { kind: 'agent', roles };
}

export function registerAccess(app: FastifyInstance): void {
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('agent', null);
  app.decorateRequest('organizationRole', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.config?.auth)
      throw new Error(`Route ${route.url} must declare config.auth (see http/access.ts)`);
  });

  app.addHook('onRequest', async (request) => {
    const auth = request.routeOptions.config?.auth;
    if (!auth || auth.kind === 'public') return;
    const token = readAccessToken(request);
    const user = token ? await authenticate(request.server.dockhand, token) : null;
    if (!user) throw authErrors.notAuthenticated();
    request.sessionUser = user;
  });

  app.addHook('preHandler', async (request) => {
    const auth = request.routeOptions.config?.auth;
    if (!auth || (auth.kind !== 'organization' && auth.kind !== 'agent')) return;
    const context = request.server.dockhand;
    const user = userOf(request);
    if (auth.kind === 'organization') {
      const organizationId = String(inputField(request, auth.field) ?? '');
      request.organizationRole = await requireOrgRole(context.db, user.id, organizationId, auth.roles);
    } else {
      request.agent = await requireAgentAccess(context, user.id, inputField(request, 'agent_id'), auth.roles);
    }
  });
}

/** The access token of the request: the `Authorization: Bearer` header, else the cookie. */
export function readAccessToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.startsWith('Bearer ')) {
    const token = header.slice('Bearer '.length).trim();
    if (token) return token;
  }
  return request.cookies?.[ACCESS_TOKEN_COOKIE] ?? null;
}

function inputField(request: FastifyRequest, field: string): unknown {
  const query = request.query as Record<string, unknown> | undefined;
  const body = request.body as Record<string, unknown> | undefined;
  return query?.[field] ?? (body && typeof body === 'object' ? body[field] : undefined);
}

/** The signed-in user of a route declared `signedIn` or stricter. */
export function userOf(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw authErrors.notAuthenticated();
  return request.sessionUser;
}

/** The agent of a route declared `agentRole(...)`. */
export function agentOf(request: FastifyRequest): AgentRecord {
  if (!request.agent) throw new Error(`${request.routeOptions.url} declares no agentRole`);
  return request.agent;
}

/** The caller's role in the organization of a route declared `organizationRole(...)`. */
export function organizationRoleOf(request: FastifyRequest): OrganizationRole {
  if (!request.organizationRole) throw new Error(`${request.routeOptions.url} declares no organizationRole`);
  return request.organizationRole;
}
