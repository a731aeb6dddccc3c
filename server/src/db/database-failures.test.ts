import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { sql } from 'kysely';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { startRelay } from '../test/pg-relay.js';
import { waitUntil } from '../test/processes.js';
import { signIn } from '../test/sign-in.js';
import { createTestDatabase } from '../test/test-app.js';

/** Collects the server's log lines. */
function logLines() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

if (!process.env.TEST_DATABASE_URL) {
  test('SQLite: a full disk answers 507 naming it, leaves nothing half-applied and logs the real error', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dockhand-full-'));
    const log = logLines();
    const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error' }), {
      logStream: log.stream,
    });
    try {
      const user = await signIn(app, 'full@disk.test');
      const pages = await sql<{ page_count: number }>`pragma page_count`.execute(app.dockhand.db);
      // A few pages of room: organizations (each with its owner membership, one transaction) fill them.
      await sql.raw(`pragma max_page_count = ${pages.rows[0]!.page_count + 3}`).execute(app.dockhand.db);
      const create = (name: string) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/organization/create-organization',
          headers: user.headers,
          payload: { name },
        });
      let refused: Awaited<ReturnType<typeof create>> | null = null;
      for (let i = 0; i < 500 && !refused; i += 1) {
        const answer = await create(`Organization ${i} ${'x'.repeat(200)}`);
        if (answer.statusCode !== 200) refused = answer;
      }
      assert.ok(refused, 'the disk never filled');
      assert.equal(refused.statusCode, 507);
      assert.match(refused.json().message, /disk is full/);

      // Every organization that was written has its owner: no transaction stopped half-way.
      const db = app.dockhand.db;
      const orphans = await db
        .selectFrom('organizations')
        .leftJoin('organization_members', 'organization_members.organization_id', 'organizations.id')
        .select('organizations.id')
        .where('organization_members.user_id', 'is', null)
        .execute();
      assert.deepEqual(orphans, []);

      const logged = log.lines.join('\n');
      assert.match(logged, /database or disk is full/);
      assert.doesNotMatch(logged, /cannot rollback/);

      // Room again: the same request succeeds.
      await sql.raw('pragma max_page_count = 1073741823').execute(db);
      assert.equal((await create('After the cleanup')).statusCode, 200);
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

if (process.env.TEST_DATABASE_URL) {
  test('PostgreSQL: while the database cannot be reached requests get 503 with Retry-After, then recover', async () => {
    const database = await createTestDatabase();
    const direct = new URL(database.env.DATABASE_URL!);
    const target = { host: direct.hostname, port: Number(direct.port || 5432) };
    let relay = await startRelay(target);
    const viaRelay = new URL(direct);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(relay.port);
    const log = logLines();
    const app = await buildApp(
      loadConfig({ ...database.env, DATABASE_URL: viaRelay.toString(), LOG_LEVEL: 'error' }),
      { logStream: log.stream },
    );
    try {
      const user = await signIn(app, 'outage@pg.test');
      const getAgents = () =>
        app.inject({ method: 'GET', url: '/api/v1/agents/get-agents', headers: user.headers });
      assert.equal((await getAgents()).statusCode, 200);

      await relay.stop();
      // A list cached in memory may still be answered until the listener finds its connection gone
      // (db/read-cache.ts); from then on the call needs the database.
      await waitUntil(async () => !app.dockhand.reads.fresh, 10_000, 'the cache to stop serving');
      const during = await getAgents();
      assert.equal(during.statusCode, 503);
      assert.equal(during.headers['retry-after'], '2');
      assert.deepEqual(during.json(), {
        success: false,
        message: 'The service is briefly unavailable; retrying',
      });
      assert.match(log.lines.join('\n'), /ECONNREFUSED|Connection terminated/);

      relay = await startRelay(target, relay.port);
      const after = await getAgents();
      assert.equal(after.statusCode, 200);
    } finally {
      await app.close();
      await relay.stop();
      await database.drop();
    }
  });
}
