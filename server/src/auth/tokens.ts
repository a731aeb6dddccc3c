/**
 * Session access tokens: short-lived HS256 JWTs `{sub: userId, sid: sessionId, exp}`. The key is
 * `SESSION_SECRET` or a generated one persisted in the database, so restarts keep sessions valid.
 */
import { SignJWT, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { loadOrCreateSecret } from './secrets.js';

export interface AccessTokenClaims {
  userId: string;
  sessionId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export interface AccessTokens {
  issue(userId: string, sessionId: string): Promise<{ token: string; expiresAt: number }>;
  /** Returns null for anything not signed by us, expired or malformed. */
  verify(token: string): Promise<AccessTokenClaims | null>;
}

const AUDIENCE = 'dockhand';

export async function createAccessTokens(config: Config, db: Kysely<Database>): Promise<AccessTokens> {
  const secret = config.auth.sessionSecret ?? (await loadOrCreateSecret(db, 'session_signing_key'));
  const key = new TextEncoder().encode(secret);
  const issuer = config.publicUrl;
  const ttl = config.auth.accessTokenTtlSeconds;
  return {
    async issue(userId, sessionId) {
      const expiresAt = Math.floor(Date.now() / 1000) + ttl;
      const token = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(issuer)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.sid !== 'string' ||
          typeof payload.exp !== 'number'
        ) {
          return null;
        }
        return { userId: payload.sub, sessionId: payload.sid, expiresAt: payload.exp };
      } catch {
        return null;
      }
    },
  };
}
