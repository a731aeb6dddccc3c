import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { createTestDatabase } from '../test/test-app.js';
import { openDatabase } from './connect.js';
import { migrations } from './migrations.js';

test('SQLite: the file is created on first start in WAL mode and data survives a restart', async () => {
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dockhand-db-')), 'nested');
  try {
    const first = await openDatabase({ dataDir });
    assert.ok(fs.existsSync(path.join(dataDir, 'dockhand.db')));
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(first.db);
    assert.equal(mode.rows[0]?.journal_mode, 'wal');
    await first.db.insertInto('server_secrets').values({ name: 'kept', value: 'v', created_at: 1 }).execute();
    await first.close();
    const second = await openDatabase({ dataDir });
    const kept = await second.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'kept')
      .executeTakeFirst();
    assert.equal(kept?.value, 'v');
    await second.close();
  } finally {
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
});

test('migrations run in name order, once, on the configured engine', async () => {
  const names = Object.keys(migrations);
  assert.deepEqual(names, [...names].sort());
  assert.ok(names.every((name) => /^\d{3}_/.test(name)));
  const database = await createTestDatabase();
  try {
    const options = { databaseUrl: database.env.DATABASE_URL, dataDir: database.env.DATA_DIR! };
    const first = await openDatabase(options);
    await first.close();
    const again = await openDatabase(options);
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      again.db,
    );
    assert.deepEqual(
      applied.rows.map((row) => row.name),
      names,
    );
    assert.equal(again.engine, process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite');
    await again.close();
  } finally {
    await database.drop();
  }
});

// PostgreSQL only: a pooled connection cut by the server must not crash the process.
if (process.env.TEST_DATABASE_URL) {
  test('PostgreSQL: a connection terminated by the server is replaced without a crash', async () => {
    const database = await createTestDatabase();
    const handle = await openDatabase({
      databaseUrl: database.env.DATABASE_URL,
      dataDir: database.env.DATA_DIR!,
    });
    try {
      await sql`select 1`.execute(handle.db);
      const name = new URL(database.env.DATABASE_URL!).pathname.slice(1);
      // A plain client on the admin database (opening it with openDatabase would migrate it).
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const answer = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      assert.equal(answer.rows[0]?.one, 1);
    } finally {
      await handle.close();
      await database.drop();
    }
  });
}
