/**
 * The dashboard's hot lists (status polls, server list, the profile's organizations) are answered
 * from memory (read-cache.ts), yet a user never sees an answer from before a change that has
 * answered: on the server that made it, at once; written by anything else (an agent's report, a
 * hand in the database), within the freshness window; and a member removed on one replica sees
 * none of the organization on the other at their very next call.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as wait } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { insertMember } from '../organizations/member-store.js';
import { insertTestApp, seedFixture, type Fixture } from '../test/fixtures.js';
import { waitUntil } from '../test/processes.js';
import type { TestUser } from '../test/sign-in.js';
import { createTestApp, createTestDatabase, servesFromMemory, type TestDatabase } from '../test/test-app.js';
import { OTHER_WRITERS_LOOK_MS } from './connect.js';
import { FRESHNESS_WINDOW_MS } from './listener.js';
import { cachedQuery } from './read-cache.js';

const ORIGIN = 'http://localhost:8080';

async function call(app: FastifyInstance, user: TestUser, url: string, payload?: object) {
  const response = await app.inject({
    method: payload ? 'POST' : 'GET',
    url,
    headers: user.headers,
    ...(payload ? { payload } : {}),
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data;
}

const appIds = async (app: FastifyInstance, user: TestUser): Promise<string[]> =>
  (await call(app, user, '/api/v1/apps/get-apps-status')).apps.map(
    (entry: { app_id: string }) => entry.app_id,
  );
const agentIds = async (app: FastifyInstance, user: TestUser): Promise<string[]> =>
  (await call(app, user, '/api/v1/agents/get-agents-status')).agents.map(
    (entry: { agent_id: string }) => entry.agent_id,
  );
const agentNames = async (app: FastifyInstance, user: TestUser): Promise<string[]> =>
  (await call(app, user, '/api/v1/agents/get-agents')).agents.map((agent: { name: string }) => agent.name);
const organizationNames = async (app: FastifyInstance, user: TestUser): Promise<string[]> =>
  (await call(app, user, '/auth/user')).organizations.map(
    (organization: { name: string }) => organization.name,
  );

describe('cached lists', () => {
  let close: () => Promise<void>;
  let app: FastifyInstance;
  let fixture: Fixture;
  before(async () => {
    ({ app, close } = await createTestApp({ PUBLIC_URL: ORIGIN }));
    await waitUntil(servesFromMemory(app), 10_000, 'the read cache to serve');
    fixture = await seedFixture(app);
  });
  after(() => close());

  test('an app stored or removed shows in the very next status poll', async () => {
    const { owner, agentA } = fixture;
    assert.deepEqual(await appIds(app, owner), []);
    assert.deepEqual(await appIds(app, owner), []);
    const appId = randomUUID();
    // Written straight into the database, as the deploy path and the agents' reports do.
    await insertTestApp(app, agentA, appId);
    if (app.dockhand.database.engine === 'postgres') {
      // Another writer than a call of this server: heard through the listener, within the window.
      await waitUntil(
        async () => (await appIds(app, owner)).includes(appId),
        FRESHNESS_WINDOW_MS * 2,
        'the app',
      );
    }
    assert.deepEqual(await appIds(app, owner), [appId]);
    await app.dockhand.db.deleteFrom('apps').where('id', '=', appId).execute();
    if (app.dockhand.database.engine === 'postgres') {
      await waitUntil(async () => (await appIds(app, owner)).length === 0, FRESHNESS_WINDOW_MS * 2, 'no app');
    }
    assert.deepEqual(await appIds(app, owner), []);
  });

  // PostgreSQL hears every writer through its triggers (the first test); SQLite watches the file.
  if (!process.env.TEST_DATABASE_URL)
    test('on SQLite, an app written into the file by another program shows in the next poll', async () => {
      const { owner, agentA } = fixture;
      assert.deepEqual(await appIds(app, owner), []);
      const appId = randomUUID();
      const other = new SqliteDatabase(path.join(app.dockhand.config.dataDir, 'dockhand.db'));
      try {
        other
          .prepare(
            `insert into apps (id, agent_id, name, project, icon, color, extension_values, supported_extensions,
             status, created_at, updated_at) values (?, ?, 'other', 'other', 'Package', '#3B82F6', '[]', '[]', 0, 1, 1)`,
          )
          .run(appId, agentA);
        // The server looks for other writers at most every OTHER_WRITERS_LOOK_MS (connect.ts).
        await wait(OTHER_WRITERS_LOOK_MS + 2);
        assert.deepEqual(await appIds(app, owner), [appId]);
        other.prepare('delete from apps where id = ?').run(appId);
        await wait(OTHER_WRITERS_LOOK_MS + 2);
        assert.deepEqual(await appIds(app, owner), []);
      } finally {
        other.close();
      }
    });

  test('a renamed server or organization shows right after the rename answered', async () => {
    const { owner, agentA, orgA } = fixture;
    for (let round = 0; round < 5; round += 1) {
      assert.ok((await agentNames(app, owner)).length === 1);
      await call(app, owner, '/api/v1/agents/rename-agent', { agent_id: agentA, name: `Renamed ${round}` });
      assert.deepEqual(await agentNames(app, owner), [`Renamed ${round}`]);
      assert.ok((await organizationNames(app, owner)).length === 1);
      await call(app, owner, '/api/v1/organization/rename-organization', {
        id: orgA.id,
        name: `Org ${round}`,
      });
      assert.deepEqual(await organizationNames(app, owner), [`Org ${round}`]);
    }
  });

  test('a removed member sees none of the organization at their very next call', async () => {
    const { owner, admin, agentA, orgA } = fixture;
    assert.deepEqual(await agentIds(app, admin), [agentA]);
    assert.deepEqual(await agentIds(app, admin), [agentA]);
    await call(app, owner, '/api/v1/organizations/delete-member', {
      organization_id: orgA.id,
      user_id: admin.id,
    });
    assert.deepEqual(await agentIds(app, admin), []);
    assert.deepEqual(await appIds(app, admin), []);
    assert.deepEqual(await organizationNames(app, admin), []);
  });

  test('a cached query knows the tables it reads, and refuses one that no change notice covers', async () => {
    const { owner } = fixture;
    const db = app.dockhand.db;
    const appsOfUser = cachedQuery(['userId'], (kysely: typeof db, args: { userId: string }) =>
      kysely
        .selectFrom('apps')
        .innerJoin('agents', 'agents.id', 'apps.agent_id')
        .select('apps.id')
        .where('agents.organization_id', 'in', (members) =>
          members
            .selectFrom('organization_members')
            .select('organization_id')
            .where('user_id', '=', args.userId),
        ),
    );
    assert.deepEqual(await appsOfUser.run(db, { userId: owner.id }), []);
    const sessionsOfUser = cachedQuery(['userId'], (kysely: typeof db, args: { userId: string }) =>
      kysely.selectFrom('sessions').select('id').where('user_id', '=', args.userId),
    );
    await assert.rejects(
      sessionsOfUser.run(db, { userId: owner.id }),
      /reads sessions, which no change notice/,
    );
    // Also when the table hides in a subquery.
    const appsOfSignedInUser = cachedQuery(['userId'], (kysely: typeof db, args: { userId: string }) =>
      kysely
        .selectFrom('apps')
        .select('apps.id')
        .where('apps.agent_id', 'in', (sessions) =>
          sessions.selectFrom('sessions').select('id').where('user_id', '=', args.userId),
        ),
    );
    await assert.rejects(appsOfSignedInUser.run(db, { userId: owner.id }), /reads sessions/);
  });

  test('lists shared between callers cannot be changed by one of them', async () => {
    const { owner } = fixture;
    await call(app, owner, '/auth/user');
    const { listOrganizationsOfUser } = await import('../organizations/organization-store.js');
    const shared = await listOrganizationsOfUser(app.dockhand.db, owner.id);
    assert.throws(() => (shared as Array<unknown>).push({}), TypeError);
    assert.throws(() => Object.assign(shared[0]!, { name: 'changed' }), TypeError);
  });
});

if (process.env.TEST_DATABASE_URL) {
  describe('cached lists on two replicas of one PostgreSQL database', () => {
    let database: TestDatabase;
    let a: FastifyInstance;
    let b: FastifyInstance;
    let fixture: Fixture;
    before(async () => {
      database = await createTestDatabase();
      const env = { LOG_LEVEL: 'silent', PUBLIC_URL: ORIGIN, ...database.env };
      a = await buildApp(loadConfig(env));
      b = await buildApp(loadConfig(env));
      await waitUntil(servesFromMemory(a, b), 10_000, 'both read caches to serve');
      fixture = await seedFixture(a);
    });
    after(async () => {
      await a.close();
      await b.close();
      await database.drop();
    });

    test('a member removed on one replica sees none of the organization on the other at once, every time', async () => {
      const { owner, agentA, orgA } = fixture;
      for (let round = 0; round < 10; round += 1) {
        // Both ways round: the replica that removes and the one asked next.
        const [here, there] = round % 2 === 0 ? [a, b] : [b, a];
        const member = fixture.admin;
        await insertMember(a.dockhand.db, orgA.id, member.id, 'admin', Date.now());
        await waitUntil(
          async () => (await agentIds(there, member)).includes(agentA),
          FRESHNESS_WINDOW_MS * 2,
          'the new member to see the server',
        );
        // The other replica answers from memory: the race a late notice would lose.
        await waitUntil(servesFromMemory(there), 10_000, 'the other replica to serve from memory');
        await call(here, owner, '/api/v1/organizations/delete-member', {
          organization_id: orgA.id,
          user_id: member.id,
        });
        assert.deepEqual(await agentIds(there, member), [], `round ${round}`);
        assert.deepEqual(await agentIds(here, member), [], `round ${round}`);
      }
    });

    test('a change made through one replica shows on the other', async () => {
      const { owner, agentA } = fixture;
      const appId = randomUUID();
      assert.ok(!(await appIds(b, owner)).includes(appId));
      assert.ok(!(await appIds(b, owner)).includes(appId));
      await insertTestApp(a, agentA, appId);
      await waitUntil(
        async () => (await appIds(b, owner)).includes(appId),
        5_000,
        'the app on the other replica',
      );
    });
  });
}
