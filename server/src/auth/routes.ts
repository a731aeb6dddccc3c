/** HTTP for sign-in and sessions: /auth/google/login, /auth/google/callback, /auth/refresh, /auth/user, /auth/logout. */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SignInFailure, type SignInFailureCode } from 'contract';
import type { AppContext } from '../context.js';
import { databaseFailureOf } from '../db/errors.js';
import { publicRoute, readAccessToken, signedIn, userOf } from '../http/access.js';
import { limitPerAddress } from '../http/rate-limit.js';
import { createAttemptLimiter } from '../limits/attempt-limiter.js';
import { answers, done, envelope } from '../http/schemas.js';
import { clearSessionCookies, REFRESH_TOKEN_COOKIE, setSessionCookies } from './cookies.js';
import { authErrors } from './errors.js';
import { createOidcRelyingParty, type PendingSignIn } from './oidc-client.js';
import { getProfile, UserProfile } from './profile.js';
import { safeRedirectPath } from './redirect.js';
import { closeSession, openSession, pruneEndedSessions, rotateSession } from './session-service.js';
import { upsertUserFromIdentity } from './user-service.js';

const PENDING_COOKIE = 'oidc_pending';
const PENDING_COOKIE_PATH = '/auth/google';
const PENDING_TTL_SECONDS = 600;
/** The login page, told why sign-in failed (it shows the text of `code`, see contract/rules). */
function signInFailedPath(code: SignInFailureCode): string {
  return `/#/login?error=${code}`;
}

/** A callback that failed on the database says so; anything else is a plain failure. */
function callbackFailure(error: unknown): SignInFailureCode {
  const failure = databaseFailureOf(error)?.code;
  if (failure === 'DISK_FULL') return SignInFailure.DiskFull;
  if (failure === 'DATABASE_UNAVAILABLE') return SignInFailure.Unavailable;
  return SignInFailure.Failed;
}

export function registerAuthRoutes(app: FastifyInstance, context: AppContext): void {
  const { config } = context;
  const relyingParty = createOidcRelyingParty(config, () => loopbackBase(app));
  const limit = limitPerAddress(
    createAttemptLimiter(context.database, {
      name: 'sign-in',
      attempts: config.auth.rateLimitPerMinute,
      windowMs: 60_000,
    }),
  );
  const secure = config.publicUrl.startsWith('https://');
  const stopPruning = pruneEndedSessions(context.db, (error) =>
    app.log.warn({ err: error }, 'session pruning failed'),
  );
  app.addHook('onClose', () => stopPruning());

  app.get(
    '/auth/google/login',
    { onRequest: limit, config: { auth: publicRoute } },
    async (request, reply) => {
      const { redirect } = request.query as { redirect?: unknown };
      const { authorizationUrl, pending } = await relyingParty.start(
        safeRedirectPath(redirect, config.publicUrl),
      );
      reply.setCookie(PENDING_COOKIE, JSON.stringify(pending), {
        path: PENDING_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure,
        signed: true,
        maxAge: PENDING_TTL_SECONDS,
      });
      return reply.redirect(authorizationUrl, 302);
    },
  );

  app.get(
    '/auth/google/callback',
    { onRequest: limit, config: { auth: publicRoute } },
    async (request, reply) => {
      const pending = readPending(request);
      reply.clearCookie(PENDING_COOKIE, { path: PENDING_COOKIE_PATH });
      if (!pending) return reply.redirect(signInFailedPath(SignInFailure.Expired), 302);
      try {
        const identity = await relyingParty.finish(new URL(request.url, config.publicUrl), pending);
        const userId = await upsertUserFromIdentity(context, identity);
        setSessionCookies(reply, config, await openSession(context, userId));
        return reply.redirect(safeRedirectPath(pending.redirect, config.publicUrl), 302);
      } catch (error) {
        // The reason is logged (never the code or tokens); the login page says what failed.
        request.log.warn(
          { reason: error instanceof Error ? error.message : 'unknown' },
          'sign-in callback failed',
        );
        return reply.redirect(signInFailedPath(callbackFailure(error)), 302);
      }
    },
  );

  app.post(
    '/auth/refresh',
    { onRequest: limit, config: { auth: publicRoute }, schema: { response: answers(done) } },
    async (request, reply) => {
      const presented = request.cookies[REFRESH_TOKEN_COOKIE];
      if (!presented) return unauthorized(reply, context);
      try {
        setSessionCookies(reply, config, await rotateSession(context, presented));
        return { success: true, message: 'OK' };
      } catch {
        return unauthorized(reply, context);
      }
    },
  );

  app.get(
    '/auth/user',
    { config: { auth: signedIn }, schema: { response: answers(envelope(UserProfile)) } },
    async (request) => ({
      success: true,
      message: 'OK',
      data: await getProfile(context.db, userOf(request)),
    }),
  );

  app.get(
    '/auth/logout',
    { config: { auth: publicRoute, changesState: true }, schema: { response: answers(done) } },
    async (request, reply) => {
      await closeSession(context, {
        refreshToken: request.cookies[REFRESH_TOKEN_COOKIE],
        accessToken: readAccessToken(request) ?? undefined,
      });
      clearSessionCookies(reply, config);
      return { success: true, message: 'Signed out' };
    },
  );
}

/** A refresh that cannot succeed: the session cookies are cleared and the answer is 401. */
function unauthorized(reply: FastifyReply, context: AppContext): never {
  clearSessionCookies(reply, context.config);
  throw authErrors.sessionExpired();
}

function readPending(request: FastifyRequest): PendingSignIn | null {
  const raw = request.cookies[PENDING_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return null;
  try {
    const value = JSON.parse(unsigned.value) as Partial<PendingSignIn>;
    const fields = [value.state, value.nonce, value.codeVerifier, value.redirect];
    return fields.every((field) => typeof field === 'string') ? (value as PendingSignIn) : null;
  } catch {
    return null;
  }
}

/** `http://127.0.0.1:{port}` of this server once it listens (null under `inject`). */
function loopbackBase(app: FastifyInstance): string | null {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return null;
  const host =
    address.address === '0.0.0.0'
      ? '127.0.0.1'
      : address.address === '::'
        ? '[::1]'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
  return `http://${host}:${address.port}`;
}
