/**
 * Session access tokens: short-lived HS256 JWTs `{sub: userId, sid: sessionId, exp}`. The key is
 * `SESSION_SECRET` or a generated one persisted in the database, so restarts keep sessions valid.
 */
import { SignJWT, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { loadOrCreateSecret } from './secrets.js';

interface AccessTokenClaims {
  userId: string;
  sessionId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export interface AccessTokens {
  issue(userId: string, sessionId: string): Promise<{ token: string; expiresAt: number }>;
  /**
   * Null for anything not signed by us, expired or malformed. Without a promise when the token's
   * signature was checked recently (the common call: the same token on every call for minutes).
   */
  verify(token: string): AccessTokenClaims | null | Promise<AccessTokenClaims | null>;
}

const AUDIENCE = 'dockhand';
const VERIFIED_CACHE_SIZE = 10_000;

export async function createAccessTokens(config: Config, db: Kysely<Database>): Promise<AccessTokens> {
  const secret = config.auth.sessionSecret ?? (await loadOrCreateSecret(db, 'session_signing_key'));
  // Imported once: jose would otherwise import raw key bytes on every verification.
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const issuer = config.publicUrl;
  // Signature checks of recently seen tokens are remembered until the token expires; whether
  // the session is still live is checked on every request anyway (session-cache.ts).
  const verified = new Map<string, AccessTokenClaims>();
  const ttl = config.auth.accessTokenTtlSeconds;
  const recall = (token: string): AccessTokenClaims | undefined => {
    const cached = verified.get(token);
    if (!cached) return undefined;
    if (cached.expiresAt > Date.now() / 1000) return cached;
    verified.delete(token);
    return undefined;
  };
  const checkAndRemember = async (token: string): Promise<AccessTokenClaims | null> => {
    const claims = await verifySignature(token);
    if (claims) {
      if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
      verified.set(token, claims);
    }
    return claims;
  };
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
    verify: (token) => recall(token) ?? checkAndRemember(token),
  };

  async function verifySignature(token: string): Promise<AccessTokenClaims | null> {
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
  }
}
