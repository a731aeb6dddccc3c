/** Data access for sessions and refresh tokens (the only SQL of the session area). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { reusableQuery } from '../db/reusable-query.js';

type Db = Kysely<Database>;

/** The signed-in user of a request, with the session their access token belongs to. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  sessionId: string;
}

/** A live session: its user, and when it ends (milliseconds since the epoch). */
export interface LiveSession {
  user: SessionUser;
  expiresAt: number;
}

/**
 * Runs on an authenticated request whose session is not cached (auth/session-cache.ts): compiled
 * once (see reusable-query.ts). No `limit`: the session id is the primary key, and SQLite answers
 * `LIMIT ?` several times slower.
 */
const liveSessionUser = reusableQuery(
  ['sessionId', 'userId', 'now'],
  (db: Db, args: { sessionId: string; userId: string; now: number }) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'users.id',
        'users.name',
        'users.email',
        'users.image',
        'sessions.id as sessionId',
        'sessions.expires_at as expiresAt',
      ])
      .where('sessions.id', '=', args.sessionId)
      .where('sessions.user_id', '=', args.userId)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', args.now),
);

export async function findLiveSession(
  db: Db,
  sessionId: string,
  userId: string,
  now: number,
): Promise<LiveSession | null> {
  const [row] = await liveSessionUser.run(db, { sessionId, userId, now });
  if (!row) return null;
  const { expiresAt, ...user } = row;
  return { user, expiresAt };
}

export async function insertSession(
  db: Db,
  session: { id: string; userId: string; now: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      created_at: session.now,
      expires_at: session.expiresAt,
      revoked_at: null,
    })
    .execute();
}

export async function insertRefreshToken(
  db: Db,
  tokenHash: string,
  sessionId: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({ token_hash: tokenHash, session_id: sessionId, created_at: now, used_at: null })
    .execute();
}

export interface RefreshTokenRecord {
  sessionId: string;
  usedAt: number | null;
  userId: string;
  expiresAt: number;
  revokedAt: number | null;
}

export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenRecord | null> {
  const row = await db
    .selectFrom('refresh_tokens')
    .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
    .select([
      'refresh_tokens.session_id as sessionId',
      'refresh_tokens.used_at as usedAt',
      'sessions.user_id as userId',
      'sessions.expires_at as expiresAt',
      'sessions.revoked_at as revokedAt',
    ])
    .where('refresh_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row ?? null;
}

/** Marks the token used only if it still is unused; false means someone else rotated it first. */
export async function markRefreshTokenUsed(db: Db, tokenHash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeSession(db: Db, sessionId: string, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Deletes sessions (and, by cascade, their refresh tokens) that ended before `before`. Nothing to
 * announce to the session cache: an expired session is refused by the clock, and a revoked one was
 * announced when it was revoked.
 */
export async function deleteSessionsEndedBefore(db: Db, before: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
