/**
 * Contract: `requireUser(request)` — the one authentication check for API routes.
 * Accepts `Authorization: Bearer <access token>` or the `access_token` cookie, verifies the JWT,
 * and checks that its session is still live (so logout and reuse detection take effect at once).
 * Throws DomainError 401 'Not authenticated' otherwise. The result is memoised per request.
 */
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../http/errors.js';
import { findLiveSessionUser } from './session-store.js';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  sessionId: string;
}

export const ACCESS_TOKEN_COOKIE = 'access_token';

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
}

export function notAuthenticated(): DomainError {
  return new DomainError('AUTH_REQUIRED', 'Not authenticated', 401);
}

/** The token the request carries, and whether it came from the header (CSRF-safe) or a cookie. */
export function readAccessToken(request: FastifyRequest): { token: string; fromHeader: boolean } | null {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.startsWith('Bearer ')) {
    const token = header.slice('Bearer '.length).trim();
    if (token) return { token, fromHeader: true };
  }
  const cookie = request.cookies?.[ACCESS_TOKEN_COOKIE];
  return cookie ? { token: cookie, fromHeader: false } : null;
}

export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  if (request.sessionUser) return request.sessionUser;
  const presented = readAccessToken(request);
  if (!presented) throw notAuthenticated();
  const context = request.server.dockhand;
  const claims = await context.tokens.verify(presented.token);
  if (!claims) throw notAuthenticated();
  const user = await findLiveSessionUser(context.db, claims.sessionId, claims.userId, Date.now());
  if (!user) throw notAuthenticated();
  request.sessionUser = user;
  return user;
}
