import { decodeTokenExpiry, isTokenExpired } from './token';
import { makeToken } from './test-helpers';

describe('token expiry', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);

  it('reads the exp claim of a JWT payload (base64url, no padding)', () => {
    const token = makeToken({ exp: 1_900_000_000, name: 'Zoë ✓' });
    expect(token.split('.')[1]).not.toMatch(/[=+/]/);
    expect(decodeTokenExpiry(token)).toBe(1_900_000_000);
  });

  it('compares exp with now', () => {
    expect(isTokenExpired(makeToken({ exp: now / 1000 + 60 }), now)).toBe(false);
    expect(isTokenExpired(makeToken({ exp: now / 1000 - 1 }), now)).toBe(true);
    expect(isTokenExpired(makeToken({ exp: now / 1000 }), now)).toBe(true);
  });

  it('counts undecodable tokens and tokens without exp as expired', () => {
    expect(isTokenExpired('garbage', now)).toBe(true);
    expect(isTokenExpired('a.!!!.c', now)).toBe(true);
    expect(isTokenExpired(`a.${btoa('not json')}.c`, now)).toBe(true);
    expect(isTokenExpired(makeToken({ sub: 'u1' }), now)).toBe(true);
    expect(isTokenExpired(makeToken({ exp: 'soon' }), now)).toBe(true);
  });
});
