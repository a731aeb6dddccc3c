/**
 * Live sessions are cached in each server process (session-cache.ts). Whatever ends a session, or
 * changes what it carries, takes effect at the next call: on the same server, on another replica
 * sharing the PostgreSQL database, and on a replica that lost its listening connection.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { LISTENER_APPLICATION_NAME } from '../db/listener.js';
import { waitUntil } from '../test/processes.js';
import { signIn, type TestUser } from '../test/sign-in.js';
import { createTestApp, createTestDatabase, type TestDatabase } from '../test/test-app.js';

async function profileStatus(app: FastifyInstance, user: TestUser): Promise<number> {
  return (await app.inject({ method: 'GET', url: '/auth/user', headers: user.headers })).statusCode;
}

async function signOut(app: FastifyInstance, user: TestUser): Promise<void> {
  const response = await app.inject({ method: 'GET', url: '/auth/logout', headers: user.headers });
  assert.equal(response.statusCode, 200);
}

describe('a cached session', () => {
  let close: () => Promise<void>;
  let app: FastifyInstance;
  before(async () => {
    const testApp = await createTestApp({ REFRESH_TOKEN_TTL_SECONDS: '2' });
    ({ app, close } = testApp);
    await waitUntil(async () => app.dockhand.sessions.serving, 10_000, 'the session cache');
  });
  after(() => close());

  test('is refused at once after sign-out', async () => {
    const user = await signIn(app, 'signed-out@example.com');
    assert.equal(await profileStatus(app, user), 200);
    assert.equal(await profileStatus(app, user), 200);
    await signOut(app, user);
    assert.equal(await profileStatus(app, user), 401);
  });

  test('carries the new profile once the identity provider gave one', async () => {
    const user = await signIn(app, 'renamed@example.com', 'Old Name');
    assert.equal(await profileStatus(app, user), 200);
    await signIn(app, 'renamed@example.com', 'New Name');
    const profile = await app.inject({ method: 'GET', url: '/auth/user', headers: user.headers });
    assert.equal(profile.json().data.name, 'New Name');
  });

  test('is refused once its session has expired', async () => {
    const user = await signIn(app, 'expiring@example.com');
    assert.equal(await profileStatus(app, user), 200);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    assert.equal(await profileStatus(app, user), 401);
  });
});

if (process.env.TEST_DATABASE_URL) {
  describe('a cached session on two replicas of one PostgreSQL database', () => {
    let database: TestDatabase;
    let a: FastifyInstance;
    let b: FastifyInstance;
    before(async () => {
      database = await createTestDatabase();
      const env = { LOG_LEVEL: 'silent', ...database.env };
      a = await buildApp(loadConfig(env));
      b = await buildApp(loadConfig(env));
      await waitUntil(async () => a.dockhand.sessions.serving && b.dockhand.sessions.serving, 10_000);
    });
    after(async () => {
      await a.close();
      await b.close();
      await database.drop();
    });

    test('signed out on one replica is refused on the other at its next call', async () => {
      const user = await signIn(a, 'two-replicas@example.com');
      assert.equal(await profileStatus(b, user), 200);
      assert.equal(await profileStatus(b, user), 200);
      await signOut(a, user);
      assert.equal(await profileStatus(b, user), 401);
    });

    test('a replica that lost its listening connection reads the table until it listens again', async () => {
      const user = await signIn(a, 'deaf-replica@example.com');
      assert.equal(await profileStatus(b, user), 200);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`.execute(
        a.dockhand.db,
      );
      await waitUntil(async () => !b.dockhand.sessions.serving, 10_000, 'the cut to be noticed');
      assert.equal(await profileStatus(b, user), 200);
      // A revocation whose notification nobody could hear: only the table knows.
      await a.dockhand.db
        .updateTable('sessions')
        .set({ revoked_at: Date.now() })
        .where('user_id', '=', user.id)
        .execute();
      assert.equal(await profileStatus(b, user), 401);

      await waitUntil(async () => a.dockhand.sessions.serving && b.dockhand.sessions.serving, 10_000);
      const again = await signIn(a, 'deaf-replica@example.com');
      assert.equal(await profileStatus(b, again), 200);
      await signOut(a, again);
      assert.equal(await profileStatus(b, again), 401);
    });
  });
}
