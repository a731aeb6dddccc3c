import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signIn } from '../test/sign-in.js';
import { safeRedirectPath } from './redirect.js';
import { pruneEndedSessions } from './session-service.js';

const ORIGIN = 'http://localhost:8080';

function cookie(response: LightMyRequestResponse, name: string) {
  return response.cookies.find((entry) => entry.name === name);
}

async function refresh(app: FastifyInstance, refreshToken: string, origin = ORIGIN) {
  return app.inject({
    method: 'POST',
    url: '/auth/refresh',
    headers: { origin },
    cookies: { refresh_token: refreshToken },
  });
}

describe('sessions', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  before(async () => {
    testApp = await createTestApp({ PUBLIC_URL: ORIGIN });
    app = testApp.app;
  });
  after(() => testApp.close());

  test('GET /auth/user answers 401 when signed out or with a forged token', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer not-a-jwt' },
      { cookie: 'access_token=eyJhbGciOiJub25lIn0.e30.' },
    ]) {
      const response = await app.inject({ method: 'GET', url: '/auth/user', headers });
      assert.equal(response.statusCode, 401);
      assert.deepEqual(response.json(), { success: false, message: 'Not authenticated' });
    }
  });

  test('the profile has the spec shape, by bearer header and by cookie', async () => {
    const user = await signIn(app, 'profile@example.com', 'Pro File');
    for (const request of [{ headers: user.headers }, { cookies: { access_token: user.accessToken } }]) {
      const response = await app.inject({ method: 'GET', url: '/auth/user', ...request });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json().data, {
        user_id: user.id,
        name: 'Pro File',
        email: 'profile@example.com',
        image: null,
        organizations: [],
      });
    }
  });

  test('refresh rotates the refresh token and sets cookies with the right flags', async () => {
    const user = await signIn(app, 'rotate@example.com');
    const first = await refresh(app, user.refreshToken);
    assert.equal(first.statusCode, 200);
    const access = cookie(first, 'access_token')!;
    const rotated = cookie(first, 'refresh_token')!;
    assert.equal(access.path, '/');
    assert.equal(access.httpOnly, undefined);
    assert.equal(access.sameSite, 'Lax');
    assert.equal(access.secure, undefined);
    assert.ok(access.maxAge! > 0);
    assert.equal(rotated.httpOnly, true);
    assert.equal(rotated.path, '/auth');
    assert.equal(rotated.sameSite, 'Strict');
    assert.notEqual(rotated.value, user.refreshToken);
    const [, payload] = access.value.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { exp: number; sub: string };
    assert.equal(claims.sub, user.id);
    assert.ok(claims.exp > Date.now() / 1000);
    const profile = await app.inject({
      method: 'GET',
      url: '/auth/user',
      cookies: { access_token: access.value },
    });
    assert.equal(profile.statusCode, 200);
    const second = await refresh(app, rotated.value);
    assert.equal(second.statusCode, 200);
  });

  test('replaying a rotated refresh token revokes the whole session family', async () => {
    const user = await signIn(app, 'replay@example.com');
    const first = await refresh(app, user.refreshToken);
    const current = cookie(first, 'refresh_token')!.value;
    const currentAccess = cookie(first, 'access_token')!.value;
    const replay = await refresh(app, user.refreshToken);
    assert.equal(replay.statusCode, 401);
    assert.equal(cookie(replay, 'access_token')?.value, '');
    assert.equal(cookie(replay, 'refresh_token')?.value, '');
    assert.equal((await refresh(app, current)).statusCode, 401);
    const profile = await app.inject({
      method: 'GET',
      url: '/auth/user',
      headers: { authorization: `Bearer ${currentAccess}` },
    });
    assert.equal(profile.statusCode, 401);
  });

  test('refresh without a token, or with an unknown one, answers 401 and clears cookies', async () => {
    const none = await app.inject({ method: 'POST', url: '/auth/refresh' });
    assert.equal(none.statusCode, 401);
    assert.equal(cookie(none, 'access_token')?.value, '');
    assert.equal((await refresh(app, 'made-up-token')).statusCode, 401);
  });

  test('refresh from a foreign origin is refused (CSRF)', async () => {
    const user = await signIn(app, 'csrf@example.com');
    const response = await refresh(app, user.refreshToken, 'https://evil.example');
    assert.equal(response.statusCode, 403);
    assert.equal(response.json().success, false);
    assert.equal((await refresh(app, user.refreshToken)).statusCode, 200);
  });

  test('logout revokes the session and clears both cookies', async () => {
    const user = await signIn(app, 'logout@example.com');
    const response = await app.inject({
      method: 'GET',
      url: '/auth/logout',
      cookies: { access_token: user.accessToken, refresh_token: user.refreshToken },
    });
    assert.equal(response.statusCode, 200);
    assert.equal(cookie(response, 'access_token')?.value, '');
    assert.equal(cookie(response, 'refresh_token')?.value, '');
    assert.equal(
      (await app.inject({ method: 'GET', url: '/auth/user', headers: user.headers })).statusCode,
      401,
    );
    assert.equal((await refresh(app, user.refreshToken)).statusCode, 401);
  });

  test('logout from another site (a link or redirect on a foreign page) keeps the session', async () => {
    const user = await signIn(app, 'cross-site-logout@example.com');
    const cookies = { access_token: user.accessToken, refresh_token: user.refreshToken };
    for (const headers of [
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      { origin: 'https://evil.example' },
    ]) {
      const response = await app.inject({ method: 'GET', url: '/auth/logout', cookies, headers });
      assert.equal(response.statusCode, 403);
      assert.equal(response.json().success, false);
      assert.equal(cookie(response, 'refresh_token'), undefined);
    }
    assert.equal((await refresh(app, user.refreshToken)).statusCode, 200);
    // The dashboard's own logout (same origin, or same site) still signs out.
    const own = await app.inject({
      method: 'GET',
      url: '/auth/logout',
      cookies,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    assert.equal(own.statusCode, 200);
  });

  test('sessions that ended more than a day ago are pruned with their refresh tokens', async () => {
    const user = await signIn(app, 'prune@example.com');
    const db = app.dockhand.db;
    const old = Date.now() - 3 * 24 * 3600 * 1000;
    const session = await db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    await db.updateTable('sessions').set({ expires_at: old }).where('id', '=', session.id).execute();
    await pruneEndedSessions(db, (error) => assert.fail(String(error)))();
    assert.equal(
      await db.selectFrom('sessions').select('id').where('id', '=', session.id).executeTakeFirst(),
      undefined,
    );
    const tokens = await db
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .where('session_id', '=', session.id)
      .execute();
    assert.deepEqual(tokens, []);
  });

  test('signing keys persist: a restarted server accepts the old access token', async () => {
    const user = await signIn(app, 'restart@example.com');
    const { buildApp } = await import('../app.js');
    const restarted = await buildApp(testApp.config);
    try {
      const response = await restarted.inject({ method: 'GET', url: '/auth/user', headers: user.headers });
      assert.equal(response.statusCode, 200);
    } finally {
      await restarted.close();
    }
  });
});

describe('session expiry and cookie security', () => {
  test('an expired access token or session is refused', async () => {
    const testApp = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: '0', REFRESH_TOKEN_TTL_SECONDS: '0' });
    try {
      const user = await signIn(testApp.app, 'expired@example.com');
      const profile = await testApp.app.inject({ method: 'GET', url: '/auth/user', headers: user.headers });
      assert.equal(profile.statusCode, 401);
      assert.equal((await refresh(testApp.app, user.refreshToken)).statusCode, 401);
    } finally {
      await testApp.close();
    }
  });

  test('cookies are Secure when PUBLIC_URL is https', async () => {
    const testApp = await createTestApp({ PUBLIC_URL: 'https://dockhand.example' });
    try {
      const user = await signIn(testApp.app, 'secure@example.com');
      const response = await refresh(testApp.app, user.refreshToken, 'https://dockhand.example');
      assert.equal(response.statusCode, 200);
      assert.equal(cookie(response, 'access_token')?.secure, true);
      assert.equal(cookie(response, 'refresh_token')?.secure, true);
      assert.match(String(response.headers['strict-transport-security']), /max-age/);
    } finally {
      await testApp.close();
    }
  });
});

test('redirect targets are limited to paths of this site', () => {
  const site = 'http://localhost:8080';
  assert.equal(safeRedirectPath('/#/catalog', site), '/#/catalog');
  assert.equal(safeRedirectPath('/', site), '/');
  for (const hostile of [
    '//evil.com',
    'https://evil.com/',
    '/\\evil.com',
    'evil.com',
    '/\t/evil.com',
    'javascript:alert(1)',
    '',
    42,
    undefined,
  ]) {
    assert.equal(safeRedirectPath(hostile, site), '/', String(hostile));
  }
});
