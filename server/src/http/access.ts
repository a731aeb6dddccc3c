/**
 * Who may call a route, declared on the route: `config: { auth }` with one of
 * - `publicRoute`: anyone;
 * - `signedIn`: a live session (`Authorization: Bearer` or the `access_token` cookie);
 * - `organizationRole(field, roles)`: signed in and one of `roles` in the organization whose id is
 *   the path, query or body field `field` (403 'You don’t have access to this organization');
 *   `optional: true` lets a route without the field through (its service then picks among the
 *   user's own organizations);
 * - `agentRole(roles)`: signed in and one of `roles` in the organization of the agent `agent_id`
 *   (query, else body); unknown and foreign agents answer alike (404), so ids cannot be probed.
 * Both take the route's own wording of a refusal from its area's error catalogue: `refuse` for
 * every refusal, `wrongRole` for a member whose role is not among `roles` (the owner-only delete,
 * billing's texts, promote-agent answering other roles as if the agent did not exist).
 * Authentication runs when the request arrives (401 before any input is read); role checks run
 * after the schema has checked the input (preHandler). Handlers read the results with
 * `userOf` and `agentOf`. Every `/api/` route must declare its `auth`.
 */
import type { OrganizationRole } from 'contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { requireAgentAccess } from '../agents/agent-access.js';
import type { AgentRecord } from '../agents/agent-store.js';
import { ACCESS_TOKEN_COOKIE } from '../auth/cookies.js';
import { authenticate } from '../auth/session-service.js';
import type { SessionUser } from '../auth/session-store.js';
import { authErrors } from '../auth/errors.js';
import { requireOrgRole, type Refusals } from '../organizations/access.js';
import { withHookFirst } from './route-hooks.js';

export type RouteAuth =
  | { kind: 'public' }
  | { kind: 'user' }
  | ({
      kind: 'organization';
      field: string;
      roles: readonly OrganizationRole[];
      optional: boolean;
    } & Refusals)
  | ({ kind: 'agent'; roles: readonly OrganizationRole[] } & Refusals);

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    sessionUser: SessionUser | null;
    agent: AgentRecord | null;
  }
}

export const publicRoute: RouteAuth = { kind: 'public' };
export const signedIn: RouteAuth = { kind: 'user' };
export function organizationRole(
  field: string,
  roles: readonly OrganizationRole[],
  options: Refusals & { optional?: boolean } = {},
): RouteAuth {
  return { kind: 'organization', field, roles, ...options, optional: options.optional ?? false };
}
export function agentRole(roles: readonly OrganizationRole[], refusals: Refusals = {}): RouteAuth {
  return { kind: 'agent', roles, ...refusals };
}

export function registerAccess(app: FastifyInstance): void {
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('agent', null);

  // Each route gets the checks its `auth` asks for as hooks of its own, ahead of any the route
  // declares itself: a call pays only for its route's checks, and reads no route options to find them.
  app.addHook('onRoute', (route) => {
    const auth = route.config?.auth;
    if (route.url.startsWith('/api/') && !auth)
      throw new Error(`Route ${route.url} must declare config.auth (see http/access.ts)`);
    if (!auth || auth.kind === 'public') return;
    route.onRequest = withHookFirst(authenticateCall, route.onRequest);
    if (auth.kind === 'organization' || auth.kind === 'agent')
      route.preHandler = withHookFirst(roleCheck(auth), route.preHandler);
  });
}

// Callback style: a signed-in call whose session is in memory passes without a promise.
function authenticateCall(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  const token = readAccessToken(request);
  if (!token) return done(authErrors.notAuthenticated());
  const signIn = (user: SessionUser | null) => {
    if (!user) return done(authErrors.notAuthenticated());
    request.sessionUser = user;
    done();
  };
  const user = authenticate(request.server.dockhand, token);
  if (user instanceof Promise) user.then(signIn, done);
  else signIn(user);
}

function roleCheck(auth: Extract<RouteAuth, { kind: 'organization' | 'agent' }>) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    checkRole(request, auth).then(() => done(), done);
  };
}

async function checkRole(
  request: FastifyRequest,
  auth: Extract<RouteAuth, { kind: 'organization' | 'agent' }>,
): Promise<void> {
  const context = request.server.dockhand;
  const user = userOf(request);
  if (auth.kind === 'organization') {
    const organizationId = String(inputField(request, auth.field) ?? '');
    if (auth.optional && organizationId === '') return;
    await requireOrgRole(context.db, user.id, organizationId, auth);
  } else {
    request.agent = await requireAgentAccess(context, user.id, inputField(request, 'agent_id'), auth);
  }
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
  const params = request.params as Record<string, unknown> | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const body = request.body as Record<string, unknown> | undefined;
  return params?.[field] ?? query?.[field] ?? (body && typeof body === 'object' ? body[field] : undefined);
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
