/**
 * Credentials an attacker could present instead of a session: each must count as none. Built
 * from the fixture's real tokens (the outsider's re-addressed to the owner, the owner's refresh
 * token) and from scratch (unsigned, signed with a guessed key).
 */
import { SignJWT } from 'jose';
import type { Fixture } from './fixtures.js';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export async function forgedTokens(
  fixture: Fixture,
): Promise<[label: string, headers: Record<string, string>][]> {
  const ownerId = fixture.owner.id;
  const [header, payload, signature] = fixture.outsider.accessToken.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
  const readdressed = `${header}.${base64url({ ...claims, sub: ownerId })}.${signature}`;
  const prolonged = `${header}.${base64url({ ...claims, exp: Number(claims.exp) + 86_400 })}.${signature}`;
  const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...claims, sub: ownerId })}.`;
  const guessedKey = await new SignJWT({ ...claims, sub: ownerId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode('secret'));
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  return [
    ['not a JWT', bearer('not-a-jwt')],
    ['outsider token re-addressed to the owner', bearer(readdressed)],
    ['token with a prolonged expiry', bearer(prolonged)],
    ['unsigned (alg none) token for the owner', bearer(unsigned)],
    ['token signed with a guessed key', bearer(guessedKey)],
    ['refresh token presented as access token', bearer(fixture.owner.refreshToken)],
  ];
}
