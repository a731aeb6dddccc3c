import assert from 'node:assert/strict';
import net from 'node:net';
import { test } from 'node:test';
import { sql } from 'kysely';
import { Browser, signInThroughDevIdp } from '../test/dev-idp-browser.js';
import { signIn } from '../test/sign-in.js';
import { createTestApp } from '../test/test-app.js';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

test('sign-in runs the real OIDC code flow against the dev identity provider over HTTP', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { app, close } = await createTestApp({ PUBLIC_URL: base, PORT: String(port) });
  await app.listen({ host: '127.0.0.1', port });
  try {
    const browser = new Browser();
    const { authorize, html, finalLocation } = await signInThroughDevIdp(
      browser,
      base,
      '/#/catalog',
      'Ada@Example.com',
    );
    assert.equal(authorize.origin + authorize.pathname, `${base}/dev-idp/auth`);
    assert.equal(authorize.searchParams.get('code_challenge_method'), 'S256');
    assert.ok(authorize.searchParams.get('code_challenge'));
    assert.ok(authorize.searchParams.get('state'));
    assert.ok(authorize.searchParams.get('nonce'));
    assert.match(html, /<label for="name">Name<\/label>/);
    assert.match(html, /<input id="name" name="name"/);
    assert.match(html, /<label for="email">Email<\/label>/);
    assert.match(html, /<input id="email" name="email"/);
    assert.match(html, /<button type="submit">Sign in<\/button>/);
    assert.doesNotMatch(html, /<script/);
    assert.equal(finalLocation, '/#/catalog');
    assert.ok(browser.cookie('access_token'));
    assert.ok(browser.cookie('refresh_token'));

    const user = await browser.get(`${base}/auth/user`);
    assert.equal(user.status, 200);
    const profile = (
      (await user.json()) as { data: { email: string; name: string; organizations: unknown[] } }
    ).data;
    assert.equal(profile.email, 'ada@example.com');
    assert.equal(profile.name, 'Ada Lovelace');
    assert.deepEqual(profile.organizations, []);

    // The same person signing in again is the same user; foreign redirect targets land on '/'.
    for (const hostile of ['//evil.com', 'https://evil.com/#/', '/\\evil.com']) {
      const again = await signInThroughDevIdp(new Browser(), base, hostile, 'ada@example.com');
      assert.equal(again.finalLocation, '/', hostile);
    }
    const users = await app.dockhand.db.selectFrom('users').select('id').execute();
    assert.equal(users.length, 1);
  } finally {
    await close();
  }
});

test('a callback without the pending sign-in cookie does not sign anyone in', async () => {
  const { app, close } = await createTestApp();
  const response = await app.inject({ method: 'GET', url: '/auth/google/callback?code=abc&state=xyz' });
  assert.equal(response.statusCode, 302);
  // The login page is told why, so it can say so (contract's SignInFailure).
  assert.equal(response.headers.location, '/#/login?error=expired');
  assert.equal(response.cookies.find((cookie) => cookie.name === 'access_token')?.value ?? '', '');
  await close();
});

if (!process.env.TEST_DATABASE_URL) {
  test('SQLite: a sign-in that cannot be saved on a full disk comes back to the login page saying so', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const { app, close } = await createTestApp({ PUBLIC_URL: base, PORT: String(port) });
    await app.listen({ host: '127.0.0.1', port });
    try {
      const db = app.dockhand.db;
      const pages = await sql<{ page_count: number }>`pragma page_count`.execute(db);
      await sql.raw(`pragma max_page_count = ${pages.rows[0]!.page_count}`).execute(db);
      // Fill the users' and sessions' pages with short rows: a longer new user cannot be written.
      await assert.rejects(async () => {
        for (let i = 0; i < 5000; i += 1) await signIn(app, `f${i}@full.test`);
      }, /database or disk is full/);
      const { finalLocation } = await signInThroughDevIdp(
        new Browser(),
        base,
        '/',
        'a-late-user-with-a-longer-address@example.com',
      );
      assert.equal(finalLocation, '/#/login?error=disk-full');
    } finally {
      await close();
    }
  });
}

test('the dev identity provider keeps the browser on the public host, not the loopback address it listens on', async () => {
  const port = await freePort();
  // The README's defaults: the page is opened as localhost while the server listens on 127.0.0.1.
  const base = `http://localhost:${port}`;
  const { app, close } = await createTestApp({ PUBLIC_URL: base, PORT: String(port) });
  await app.listen({ host: '127.0.0.1', port });
  try {
    const browser = new Browser();
    const { authorize, html, finalLocation } = await signInThroughDevIdp(
      browser,
      base,
      '/',
      'grace@example.com',
    );
    assert.equal(authorize.origin, base);
    assert.match(html, new RegExp(`action="(${base})?/dev-idp/interaction/`));
    assert.equal(finalLocation, '/');
    assert.ok(browser.cookie('access_token'));
  } finally {
    await close();
  }
});

test('the dev identity provider answers 404, not a hung request, for an unknown or foreign sign-in', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { app, close } = await createTestApp({ PUBLIC_URL: base, PORT: String(port) });
  await app.listen({ host: '127.0.0.1', port });
  try {
    const form = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'Eve', email: 'eve@example.com' }).toString(),
    };
    // A browser with a real sign-in under way (its interaction cookie is set) and one without.
    const started = new Browser();
    const login = await started.get(`${base}/auth/google/login?redirect=/`);
    await started.get(login.headers.get('location')!);
    for (const browser of [new Browser(), started]) {
      for (const [path, init] of [
        ['/dev-idp/interaction/unknown-id', {}],
        ['/dev-idp/interaction/unknown-id/login', form],
      ] as const) {
        const response = await browser.get(`${base}${path}`, { ...init, signal: AbortSignal.timeout(5000) });
        assert.equal(response.status, 404, path);
        assert.match(await response.text(), /Sign-in not found/);
      }
    }
  } finally {
    await close();
  }
});

test('the dev identity provider’s own address, which the start prints, says where sign-in starts', async () => {
  const base = 'http://localhost:8080';
  const { app, close } = await createTestApp({ PUBLIC_URL: base });
  try {
    for (const url of ['/dev-idp', '/dev-idp/']) {
      const response = await app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 200, url);
      assert.match(response.headers['content-type'] as string, /^text\/html/);
      assert.match(response.body, /built-in development identity provider/);
      assert.match(
        response.body,
        /<a class="start" href="http:\/\/localhost:8080\/#\/login">Open Dockhand<\/a>/,
      );
      assert.equal(response.headers['x-frame-options'], 'DENY');
    }
    // The provider's own documents are still its own.
    const discovery = await app.inject({ method: 'GET', url: '/dev-idp/.well-known/openid-configuration' });
    assert.equal(discovery.statusCode, 200);
    assert.equal((discovery.json() as { issuer: string }).issuer, `${base}/dev-idp`);
  } finally {
    await close();
  }
});
