/**
 * Session rules: a sign-in opens a session (a family of refresh tokens). Each refresh rotates the
 * token; presenting an already-rotated token again is a replay and revokes the whole family.
 * Tokens are random 256-bit values stored only as SHA-256 hashes.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { authErrors } from './errors.js';
import {
  deleteSessionsEndedBefore,
  findLiveSession,
  findRefreshToken,
  insertRefreshToken,
  insertSession,
  markRefreshTokenUsed,
  revokeSession,
  type SessionUser,
} from './session-store.js';
import type { SessionCache } from './session-cache.js';
import type { AccessTokens } from './tokens.js';

export interface IssuedSession {
  accessToken: string;
  /** Seconds since the epoch. */
  accessExpiresAt: number;
  refreshToken: string;
  sessionId: string;
}

export interface SessionDeps {
  db: Kysely<Database>;
  tokens: AccessTokens;
  config: Config;
  sessions: SessionCache;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The user an access token speaks for, while its session is live (logout takes effect on every
 * replica when it answers: see session-cache.ts). Without a promise for the common call: the
 * token's signature was checked recently and its session is in the session cache.
 */
export function authenticate(
  deps: Pick<SessionDeps, 'db' | 'tokens' | 'sessions'>,
  accessToken: string,
): SessionUser | null | Promise<SessionUser | null> {
  const claims = deps.tokens.verify(accessToken);
  if (claims instanceof Promise) return claims.then((checked) => checked && sessionUser(deps, checked));
  return claims && sessionUser(deps, claims);
}

function sessionUser(
  deps: Pick<SessionDeps, 'db' | 'sessions'>,
  claims: { userId: string; sessionId: string },
): SessionUser | null | Promise<SessionUser | null> {
  const now = Date.now();
  const cached = deps.sessions.find(claims.sessionId, now);
  if (cached) return cached.id === claims.userId ? cached : null;
  return readLiveSession(deps, claims, now);
}

async function readLiveSession(
  deps: Pick<SessionDeps, 'db' | 'sessions'>,
  claims: { userId: string; sessionId: string },
  now: number,
): Promise<SessionUser | null> {
  const ticket = deps.sessions.ticket();
  const live = await findLiveSession(deps.db, claims.sessionId, claims.userId, now);
  if (!live) return null;
  deps.sessions.remember(live, ticket);
  return live.user;
}

/** Revokes sessions; when this returns no replica serves them (see session-cache.ts). */
async function endSessions(deps: Pick<SessionDeps, 'db' | 'sessions'>, sessionIds: string[], now: number) {
  if (sessionIds.length === 0) return;
  await deps.sessions.change(deps.db, async (trx, announce) => {
    for (const sessionId of new Set(sessionIds)) {
      await revokeSession(trx, sessionId, now);
      await announce({ endedSession: sessionId });
    }
  });
}

export async function openSession(deps: SessionDeps, userId: string): Promise<IssuedSession> {
  const now = Date.now();
  const sessionId = randomUUID();
  const refreshToken = newRefreshToken();
  await deps.db.transaction().execute(async (trx) => {
    await insertSession(trx, {
      id: sessionId,
      userId,
      now,
      expiresAt: now + deps.config.auth.refreshTokenTtlSeconds * 1000,
    });
    await insertRefreshToken(trx, hashToken(refreshToken), sessionId, now);
  });
  const access = await deps.tokens.issue(userId, sessionId);
  return { accessToken: access.token, accessExpiresAt: access.expiresAt, refreshToken, sessionId };
}

/** Rotates a refresh token. Throws 401 when it is unknown, expired, revoked or replayed. */
export async function rotateSession(deps: SessionDeps, presentedToken: string): Promise<IssuedSession> {
  const now = Date.now();
  const tokenHash = hashToken(presentedToken);
  const record = await findRefreshToken(deps.db, tokenHash);
  if (!record || record.revokedAt !== null || record.expiresAt <= now) throw authErrors.sessionExpired();
  if (record.usedAt !== null) {
    await endSessions(deps, [record.sessionId], now);
    throw authErrors.sessionExpired();
  }
  const nextToken = newRefreshToken();
  const rotated = await deps.db.transaction().execute(async (trx) => {
    // Only one of two racing rotations wins; the loser is treated as a replay.
    if (!(await markRefreshTokenUsed(trx, tokenHash, now))) return false;
    await insertRefreshToken(trx, hashToken(nextToken), record.sessionId, now);
    return true;
  });
  if (!rotated) {
    await endSessions(deps, [record.sessionId], now);
    throw authErrors.sessionExpired();
  }
  const access = await deps.tokens.issue(record.userId, record.sessionId);
  return {
    accessToken: access.token,
    accessExpiresAt: access.expiresAt,
    refreshToken: nextToken,
    sessionId: record.sessionId,
  };
}

/** Revokes the session a refresh token or an access token belongs to; unknown tokens are ignored. */
export async function closeSession(
  deps: SessionDeps,
  credentials: { refreshToken?: string; accessToken?: string },
): Promise<void> {
  const sessionIds: string[] = [];
  if (credentials.refreshToken) {
    const record = await findRefreshToken(deps.db, hashToken(credentials.refreshToken));
    if (record) sessionIds.push(record.sessionId);
  }
  if (credentials.accessToken) {
    const claims = await deps.tokens.verify(credentials.accessToken);
    if (claims) sessionIds.push(claims.sessionId);
  }
  await endSessions(deps, sessionIds, Date.now());
}

const PRUNE_GRACE_MS = 24 * 3600 * 1000;
const PRUNE_EVERY_MS = 6 * 3600 * 1000;

/** Removes sessions that ended more than a day ago, now and every few hours; `stop` waits for a run in flight. */
export function pruneEndedSessions(
  db: Kysely<Database>,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const prune = () => {
    running = deleteSessionsEndedBefore(db, Date.now() - PRUNE_GRACE_MS).catch(onError);
  };
  prune();
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
