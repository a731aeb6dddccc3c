/** The readable session cookie the server sets (spec section 9, stored keys). */
export const ACCESS_TOKEN_COOKIE = 'access_token';

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** The token's exp claim in seconds, or null when the payload cannot be decoded or has none. */
export function decodeTokenExpiry(token: string): number | null {
  try {
    const payloadSegment = token.split('.')[1];
    if (!payloadSegment) return null;
    const payload: unknown = JSON.parse(decodeBase64Url(payloadSegment));
    if (payload === null || typeof payload !== 'object') return null;
    const exp = (payload as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

/** Spec section 5, "Token expiry": an undecodable token (or one without exp) counts as expired. */
export function isTokenExpired(token: string, nowMs: number): boolean {
  const exp = decodeTokenExpiry(token);
  return exp === null || exp * 1000 <= nowMs;
}

/** Removes the access_token cookie on the default cookie path '/'. */
export function clearAccessTokenCookie(): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${ACCESS_TOKEN_COOKIE}=; Max-Age=0; path=/; SameSite=Lax`;
}
