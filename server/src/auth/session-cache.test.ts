/**
 * Live sessions are cached in each server process (session-cache.ts). Once a call that ends a
 * session has answered, the session is refused by every call that starts afterwards: on the same
 * server, on another replica sharing the PostgreSQL database (at once, however busy the machine),
 * on a replica whose listening connection stalled (it reads the table), and on one whose
 * connection was cut (it forgets what it cached).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { LISTENER_APPLICATION_NAME } from '../db/listener.js';
import { startRelay, type PgRelay } from '../test/pg-relay.js';
import { findLiveSession } from './session-store.js';
import { waitUntil } from '../test/processes.js';
import { signIn, type TestUser } from '../test/sign-in.js';
import { createTestApp, createTestDatabase, servesFromMemory, type TestDatabase } from '../test/test-app.js';

const ORIGIN = 'http://localhost:8080';
/** The cache's freshness window and margin (session-cache.ts): how long a new profile may take. */
const PROFILE_SETTLES_MS = 1_100;

async function profile(app: FastifyInstance, user: TestUser) {
  return app.inject({ method: 'GET', url: '/auth/user', headers: user.headers });
}

async function profileStatus(app: FastifyInstance, user: TestUser): Promise<number> {
  return (await profile(app, user)).statusCode;
}

async function signOut(app: FastifyInstance, user: TestUser): Promise<void> {
  const response = await app.inject({ method: 'GET', url: '/auth/logout', headers: user.headers });
  assert.equal(response.statusCode, 200);
}

/**
 * Rotates the refresh token once, then (after `beforeReplay` with the rotated session) presents the
 * old one again: the family is revoked. Returns the rotated session.
 */
async function replayRefreshToken(
  app: FastifyInstance,
  user: TestUser,
  beforeReplay: (rotated: TestUser) => Promise<void> = async () => undefined,
): Promise<TestUser> {
  const refresh = (token: string) =>
    app.inject({
      method: 'POST',
      url: '/auth/refresh',
      headers: { origin: ORIGIN },
      cookies: { refresh_token: token },
    });
  const rotated = await refresh(user.refreshToken);
  assert.equal(rotated.statusCode, 200);
  const accessToken = rotated.cookies.find((entry) => entry.name === 'access_token')!.value;
  const current = { ...user, accessToken, headers: { authorization: `Bearer ${accessToken}` } };
  await beforeReplay(current);
  assert.equal((await refresh(user.refreshToken)).statusCode, 401);
  return current;
}

/** Revokes a user's sessions in the table only, as an operator's hand would: nothing is announced. */
async function revokeBehindTheServersBack(app: FastifyInstance, user: TestUser): Promise<void> {
  await app.dockhand.db
    .updateTable('sessions')
    .set({ revoked_at: Date.now() })
    .where('user_id', '=', user.id)
    .execute();
}

describe('a cached session', () => {
  let close: () => Promise<void>;
  let app: FastifyInstance;
  before(async () => {
    const testApp = await createTestApp({ PUBLIC_URL: ORIGIN, REFRESH_TOKEN_TTL_SECONDS: '2' });
    ({ app, close } = testApp);
    await waitUntil(servesFromMemory(app), 10_000, 'the session cache to serve');
  });
  after(() => close());

  test('is refused at once after sign-out', async () => {
    const user = await signIn(app, 'signed-out@example.com');
    assert.equal(await profileStatus(app, user), 200);
    assert.equal(await profileStatus(app, user), 200);
    await signOut(app, user);
    assert.equal(await profileStatus(app, user), 401);
  });

  test('is refused at once after its refresh token was replayed', async () => {
    const user = await replayRefreshToken(app, await signIn(app, 'replayed@example.com'));
    assert.equal(await profileStatus(app, user), 401);
  });

  test('is not put back by a table read that began before the sign-out', async () => {
    const user = await signIn(app, 'read-before-sign-out@example.com');
    const { sessions, db } = app.dockhand;
    const ticket = sessions.ticket();
    const readBefore = await findLiveSession(db, user.sessionId, user.id, Date.now());
    assert.ok(readBefore);
    await signOut(app, user);
    sessions.remember(readBefore, ticket);
    assert.equal(await profileStatus(app, user), 401);
  });

  test('carries the new profile once the identity provider gave one', async () => {
    const user = await signIn(app, 'renamed@example.com', 'Old Name');
    assert.equal((await profile(app, user)).json().data.name, 'Old Name');
    await signIn(app, 'renamed@example.com', 'New Name');
    assert.equal((await profile(app, user)).json().data.name, 'New Name');
  });

  test('is refused once its session has expired', async () => {
    const user = await signIn(app, 'expiring@example.com');
    assert.equal(await profileStatus(app, user), 200);
    assert.equal(await profileStatus(app, user), 200);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    assert.equal(await profileStatus(app, user), 401);
  });
});

if (process.env.TEST_DATABASE_URL) {
  describe('a cached session on two replicas of one PostgreSQL database', () => {
    let database: TestDatabase;
    let relay: PgRelay;
    let a: FastifyInstance;
    /** Reaches PostgreSQL through a relay that can stall its listening connection. */
    let b: FastifyInstance;
    before(async () => {
      database = await createTestDatabase();
      const direct = new URL(database.env.DATABASE_URL!);
      relay = await startRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
      const viaRelay = new URL(direct);
      viaRelay.hostname = '127.0.0.1';
      viaRelay.port = String(relay.port);
      const env = { LOG_LEVEL: 'silent', PUBLIC_URL: ORIGIN, ...database.env };
      a = await buildApp(loadConfig(env));
      b = await buildApp(loadConfig({ ...env, DATABASE_URL: viaRelay.toString() }));
      await waitUntil(servesFromMemory(a, b), 10_000, 'both session caches to serve');
    });
    after(async () => {
      await a.close();
      await b.close();
      await relay.stop();
      await database.drop();
    });

    test('signed out on one replica is refused on the other at its very next call, every time', async () => {
      for (let round = 0; round < 20; round += 1) {
        // Both ways round: the replica that signs out and the one asked next.
        const [here, there] = round % 2 === 0 ? [a, b] : [b, a];
        const user = await signIn(here, `two-replicas-${round}@example.com`);
        assert.equal(await profileStatus(there, user), 200);
        assert.equal(await profileStatus(there, user), 200);
        // The other replica is answering from memory: the race a late notification would lose.
        await waitUntil(servesFromMemory(there), 10_000, 'the other replica to serve from memory');
        await signOut(here, user);
        assert.equal(await profileStatus(there, user), 401, `round ${round}`);
        assert.equal(await profileStatus(here, user), 401, `round ${round}`);
      }
    });

    test('a replayed refresh token revokes the session on every replica at once', async () => {
      for (let round = 0; round < 6; round += 1) {
        const [here, there] = round % 2 === 0 ? [a, b] : [b, a];
        const user = await signIn(here, `replayed-${round}@example.com`);
        const rotated = await replayRefreshToken(here, user, async (current) => {
          assert.equal(await profileStatus(there, current), 200);
          await waitUntil(servesFromMemory(there), 10_000, 'the other replica to serve from memory');
        });
        assert.equal(await profileStatus(there, rotated), 401, `round ${round}`);
        assert.equal(await profileStatus(here, rotated), 401, `round ${round}`);
      }
    });

    test('a new profile reaches the other replica within the freshness window', async () => {
      const user = await signIn(a, 'renamed-on-a@example.com', 'Old Name');
      assert.equal((await profile(b, user)).json().data.name, 'Old Name');
      await signIn(a, 'renamed-on-a@example.com', 'New Name');
      await new Promise((resolve) => setTimeout(resolve, PROFILE_SETTLES_MS));
      assert.equal((await profile(b, user)).json().data.name, 'New Name');
    });

    test('a replica whose listening connection was cut forgets what it cached and listens afresh', async () => {
      const user = await signIn(a, 'deaf-replica@example.com');
      assert.equal(await profileStatus(b, user), 200);
      assert.equal(await profileStatus(b, user), 200);
      const listeners = async () =>
        (
          await sql<{ pid: number }>`select pid from pg_stat_activity
            where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`.execute(
            a.dockhand.db,
          )
        ).rows.map((row) => row.pid);
      const cut = await listeners();
      assert.equal(cut.length, 2);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where pid in (${sql.join(cut)})`.execute(
        a.dockhand.db,
      );
      await waitUntil(
        async () => {
          const now = await listeners();
          return (
            now.length === 2 && now.every((pid) => !cut.includes(pid)) && (await servesFromMemory(a, b)())
          );
        },
        10_000,
        'both replicas to listen on new connections',
      );
      // What it cached may have been revoked while nobody listened: it reads the table again.
      await revokeBehindTheServersBack(a, user);
      assert.equal(await profileStatus(b, user), 401);

      const again = await signIn(a, 'deaf-replica-2@example.com');
      assert.equal(await profileStatus(b, again), 200);
      await signOut(a, again);
      assert.equal(await profileStatus(b, again), 401);
    });

    test('a replica whose listening connection stalled reads the table, then listens afresh', async () => {
      const user = await signIn(a, 'stalled-replica@example.com');
      const other = await signIn(a, 'stalled-replica-2@example.com');
      assert.equal(await profileStatus(b, user), 200);
      assert.equal(await profileStatus(b, other), 200);
      relay.stall(LISTENER_APPLICATION_NAME);
      // Its heartbeats stop coming back: within the window it no longer answers from memory.
      await waitUntil(async () => !b.dockhand.sessions.fresh, 10_000, 'the stall to be noticed');
      await revokeBehindTheServersBack(a, user);
      assert.equal(await profileStatus(b, user), 401);
      await signOut(a, other);
      assert.equal(await profileStatus(b, other), 401);

      // The connection is given up and a new one listens.
      relay.unstall(LISTENER_APPLICATION_NAME);
      await waitUntil(servesFromMemory(b), 20_000, 'b to listen on a new connection');
      const again = await signIn(a, 'stalled-replica-3@example.com');
      assert.equal(await profileStatus(b, again), 200);
      assert.equal(await profileStatus(b, again), 200);
      await signOut(a, again);
      assert.equal(await profileStatus(b, again), 401);
    });
  });
}
