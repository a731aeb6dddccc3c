import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { signIn, type TestUser } from '../test/sign-in.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const ORIGIN = 'http://localhost:8080';
const CREATE = '/api/v1/organization/create-organization';

describe('CSRF protection and rate limits', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let user: TestUser;
  before(async () => {
    testApp = await createTestApp({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    app = testApp.app;
    user = await signIn(app, 'csrf@example.com');
  });
  after(() => testApp.close());

  const count = async () => (await app.dockhand.db.selectFrom('organizations').select('id').execute()).length;

  test('a cookie-authenticated state change needs this site as Origin (or Referer)', async () => {
    const cookies = { access_token: user.accessToken };
    const refused = [
      await app.inject({ method: 'POST', url: CREATE, payload: { name: 'A' }, cookies }),
      await app.inject({
        method: 'POST',
        url: CREATE,
        payload: { name: 'A' },
        cookies,
        headers: { origin: 'https://evil.example' },
      }),
      await app.inject({
        method: 'POST',
        url: CREATE,
        payload: { name: 'A' },
        cookies,
        headers: { referer: 'https://evil.example/x' },
      }),
    ];
    for (const response of refused) {
      assert.equal(response.statusCode, 403);
      assert.equal(response.json().success, false);
    }
    assert.equal(await count(), 0);
    const allowed = [
      await app.inject({
        method: 'POST',
        url: CREATE,
        payload: { name: 'A' },
        cookies,
        headers: { origin: ORIGIN },
      }),
      await app.inject({
        method: 'POST',
        url: CREATE,
        payload: { name: 'B' },
        cookies,
        headers: { referer: `${ORIGIN}/#/organization` },
      }),
      await app.inject({ method: 'POST', url: CREATE, payload: { name: 'C' }, headers: user.headers }),
    ];
    for (const response of allowed) assert.equal(response.statusCode, 200);
    assert.equal(await count(), 3);
  });

  test('reads accept the cookie alone', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/auth/user',
      cookies: { access_token: user.accessToken },
    });
    assert.equal(response.statusCode, 200);
  });

  test('refresh is rate limited per client', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push(
        (await app.inject({ method: 'POST', url: '/auth/refresh', headers: { origin: ORIGIN } })).statusCode,
      );
    }
    assert.deepEqual(statuses, [401, 401, 401, 429, 429]);
  });
});
