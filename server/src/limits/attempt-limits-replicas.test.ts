/**
 * Attempt limits hold across replicas (issue 17): two server instances on one PostgreSQL
 * database, as two replicas behind a balancer, count the same attempts. On SQLite one process
 * serves a data folder (db/folder-guard.ts), so there is no second replica to count with.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { signIn } from '../test/sign-in.js';
import { createTestDatabase, type TestDatabase } from '../test/test-app.js';

const ORIGIN = 'http://dockhand.test';

if (process.env.TEST_DATABASE_URL) {
  let database: TestDatabase;
  let replicas: FastifyInstance[];

  before(async () => {
    database = await createTestDatabase();
    const env = { LOG_LEVEL: 'silent', PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT_PER_MINUTE: '3', ...database.env };
    replicas = [await buildApp(loadConfig(env)), await buildApp(loadConfig(env))];
  });

  after(async () => {
    for (const replica of replicas) await replica.close();
    await database.drop();
  });

  test('sign-in attempts from one address are counted together on every replica', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const replica = replicas[attempt % 2]!;
      statuses.push(
        (await replica.inject({ method: 'POST', url: '/auth/refresh', headers: { origin: ORIGIN } }))
          .statusCode,
      );
    }
    assert.deepEqual(statuses, [401, 401, 401, 429, 429, 429]);
  });

  test('pairing attempts of one user are counted together on every replica', async () => {
    const user = await signIn(replicas[0]!, 'pairing-replicas@example.com');
    const created = await replicas[1]!.inject({
      method: 'POST',
      url: '/api/v1/organization/create-organization',
      headers: user.headers,
      payload: { name: 'Replicas' },
    });
    const organizationId = (created.json() as { data: { id: string } }).data.id;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const replica = replicas[attempt % 2]!;
      const response = await replica.inject({
        method: 'POST',
        url: '/api/v1/agents/register-agent',
        headers: user.headers,
        payload: { code: 'ZZZZZZ', organization_id: organizationId },
      });
      statuses.push(response.statusCode);
    }
    assert.deepEqual(statuses.slice(0, 10), Array(10).fill(400));
    assert.deepEqual(statuses.slice(10), [429, 429]);
  });
}
