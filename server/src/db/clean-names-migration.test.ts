/**
 * Migration 102 on the configured engine (SQLite, or PostgreSQL with TEST_DATABASE_URL): names
 * stored before the name rule are cleaned; clean names are left as they were.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { displayNameError, DisplayNames } from 'contract';
import { migrations } from './migrations.js';
import { insertTestApp, seedFixture } from '../test/fixtures.js';
import { createTestApp } from '../test/test-app.js';

const postgres = Boolean(process.env.TEST_DATABASE_URL);

test('migration 102 cleans hostile organization, server and icon names and keeps clean ones', async () => {
  const { app, close } = await createTestApp();
  try {
    const db = app.dockhand.db;
    const fixture = await seedFixture(app);
    // PostgreSQL text cannot hold NUL at all; SQLite stored it.
    const nul = postgres ? '' : '\u0000';
    const hostileOrg = `Evil${nul}\r\nCorp\u202Egnp.exe `;
    const hostileServer = `\u200Bprod\u2066${nul}\t-1`;
    await db
      .updateTable('organizations')
      .set({ name: hostileOrg })
      .where('id', '=', fixture.orgA.id)
      .execute();
    await db
      .updateTable('organizations')
      .set({ name: '\u202E\u200B' })
      .where('id', '=', fixture.orgB.id)
      .execute();
    await db.updateTable('agents').set({ name: hostileServer }).where('id', '=', fixture.agentA).execute();
    await db.updateTable('agents').set({ name: 'x\u0007' }).where('id', '=', fixture.agentB).execute();
    await insertTestApp(app, fixture.agentA, 'hostile-icon', { icon: `Pack${nul}age\r\n${'x'.repeat(200)}` });
    await insertTestApp(app, fixture.agentA, 'empty-icon', { icon: '\u202E' });
    await insertTestApp(app, fixture.agentA, 'kept', { icon: 'Database' });

    await migrations['102_clean_names']!.up(db);

    const names = Object.fromEntries(
      (await db.selectFrom('organizations').select(['id', 'name']).execute()).map((row) => [
        row.id,
        row.name,
      ]),
    );
    assert.equal(names[fixture.orgA.id], 'EvilCorpgnp.exe');
    assert.equal(names[fixture.orgB.id], 'Organization');
    const servers = Object.fromEntries(
      (await db.selectFrom('agents').select(['id', 'name']).execute()).map((row) => [row.id, row.name]),
    );
    assert.equal(servers[fixture.agentA], 'prod-1');
    assert.equal(servers[fixture.agentB], `Server ${fixture.agentB.slice(0, 8)}`);
    const icons = Object.fromEntries(
      (await db.selectFrom('apps').select(['id', 'icon']).execute()).map((row) => [row.id, row.icon]),
    );
    assert.equal(icons['hostile-icon'], `Package${'x'.repeat(93)}`);
    assert.equal(icons['empty-icon'], 'Package');
    assert.equal(icons['kept'], 'Database');
    for (const name of Object.values(names))
      assert.equal(displayNameError(name, DisplayNames.organization), null);
    for (const name of Object.values(servers))
      assert.equal(displayNameError(name, DisplayNames.server), null);
  } finally {
    await close();
  }
});
