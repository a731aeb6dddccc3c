import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Kysely } from 'kysely';
import { openDatabase } from './connect.js';
import type { Database } from './schema.js';
import { createTestDatabase } from '../test/test-app.js';
import { reusableQuery } from './reusable-query.js';

const usersByEmailDomain = reusableQuery(
  ['emailLike', 'createdAfter'],
  (db: Kysely<Database>, args: { emailLike: string; createdAfter: number }) =>
    db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', 'like', args.emailLike)
      .where('created_at', '>', args.createdAfter)
      .orderBy('email')
      .limit(10),
);

test('a reusable query binds each run’s arguments to the SQL compiled once', async () => {
  const database = await createTestDatabase();
  const handle = await openDatabase({
    databaseUrl: database.env.DATABASE_URL,
    dataDir: database.env.DATA_DIR!,
  });
  try {
    const row = (id: string, email: string, createdAt: number) => ({
      id,
      email,
      name: id,
      image: null,
      issuer: 'https://idp.test',
      subject: `sub-${id}`,
      created_at: createdAt,
      updated_at: createdAt,
    });
    await handle.db
      .insertInto('users')
      .values([row('a', 'a@one.test', 10), row('b', 'b@two.test', 20), row('c', 'c@one.test', 30)])
      .execute();
    const executed: string[] = [];
    const spy = new Proxy(handle.db, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        // Kysely's methods use private fields: they must run on the real instance.
        if (key !== 'executeQuery') return typeof value === 'function' ? value.bind(target) : value;
        return (query: { sql: string }) => {
          executed.push(query.sql);
          return target.executeQuery(query as never);
        };
      },
    }) as Kysely<Database>;

    const one = await usersByEmailDomain.run(spy, { emailLike: '%@one.test', createdAfter: 0 });
    assert.deepEqual(one, [
      { id: 'a', email: 'a@one.test' },
      { id: 'c', email: 'c@one.test' },
    ]);
    const later = await usersByEmailDomain.run(spy, { emailLike: '%@one.test', createdAfter: 15 });
    assert.deepEqual(later, [{ id: 'c', email: 'c@one.test' }]);
    assert.deepEqual(await usersByEmailDomain.run(spy, { emailLike: '%@none.test', createdAfter: 0 }), []);
    assert.equal(executed.length, 3);
    assert.equal(new Set(executed).size, 1, 'one SQL text for every run');
  } finally {
    await handle.close();
    await database.drop();
  }
});

test('a reusable query that does not bind an argument fails on first use', async () => {
  const database = await createTestDatabase();
  const handle = await openDatabase({
    databaseUrl: database.env.DATABASE_URL,
    dataDir: database.env.DATA_DIR!,
  });
  try {
    const forgetful = reusableQuery(
      ['id', 'unused'],
      (db: Kysely<Database>, args: { id: string; unused: string }) =>
        db.selectFrom('users').select('id').where('id', '=', args.id),
    );
    await assert.rejects(forgetful.run(handle.db, { id: 'a', unused: 'x' }), /unused argument\(s\) unused/);
  } finally {
    await handle.close();
    await database.drop();
  }
});
