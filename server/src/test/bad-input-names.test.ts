/**
 * Hostile names for every endpoint that stores or relays a user-visible name: NUL, CRLF, bidi
 * overrides, zero-width and lone surrogates, oversized values. Each answers 400 with the name
 * rule's text (contract/rules/names.ts) and changes nothing. Sent as the owner on a server with a
 * plan, so only the name rule can refuse.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { insertTestApp, seedFixture, snapshot, type Fixture } from './fixtures.js';
import { createTestApp, type TestApp } from './test-app.js';

const hostile: [label: string, value: string][] = [
  ['NUL', 'Prod\u0000name'],
  ['CRLF', 'Prod\r\nSet-Cookie: a=b'],
  ['escape sequence', 'Prod\u001B[2Jname'],
  ['right-to-left override', 'Prod\u202Egnp.exe'],
  ['first-strong isolate', 'Prod\u2068name'],
  ['zero-width space', 'Prod\u200Bname'],
  ['lone high surrogate', 'Prod\uD800name'],
  ['lone low surrogate', 'Prod\uDFFFname'],
  ['line separator', 'Prod\u2028name'],
];
const hiddenText = (label: string) =>
  `${label} must not contain control characters or invisible formatting characters`;
const megabyte = 'a'.repeat(1024 * 1024 - 200);

interface Endpoint {
  url: string;
  body: (f: Fixture, value: string) => Record<string, unknown>;
  /** The refusal of a hostile value. */
  message: string;
  /** Further values with their own texts. */
  more?: [label: string, value: string, message: string][];
}

const addressText =
  'Address must be a registry host with an optional port and path, such as registry.example.com:5000';

const endpoints: Endpoint[] = [
  {
    url: '/api/v1/organization/create-organization',
    body: (_, name) => ({ name }),
    message: hiddenText('Organization name'),
    more: [['256 characters', 'o'.repeat(256), 'Organization name must be 255 characters or less']],
  },
  {
    url: '/api/v1/organization/rename-organization',
    body: (f, name) => ({ id: f.orgA.id, name }),
    message: hiddenText('Organization name'),
    more: [['only hidden characters', '\u202E\u200B', hiddenText('Organization name')]],
  },
  {
    url: '/api/v1/agents/rename-agent',
    body: (f, name) => ({ agent_id: f.agentA, name }),
    message: hiddenText('Server name'),
    more: [['2 characters and a NUL', 'ab\u0000', hiddenText('Server name')]],
  },
  {
    url: '/api/v1/registries/create-registry',
    body: (f, address) => ({ agent_id: f.agentA, address }),
    message: addressText,
    more: [
      ['1 MB address', megabyte, 'Address must be 255 characters or less'],
      ['a scheme', 'https://ghcr.io', addressText],
      ['a port out of range', 'ghcr.io:70000', addressText],
      ['credentials', 'user:pw@ghcr.io', addressText],
    ],
  },
  {
    url: '/api/v1/registries/delete-registry',
    body: (f, address) => ({ agent_id: f.agentA, address }),
    message: hiddenText('Address'),
    more: [['1 MB address', megabyte, 'Address must be 255 characters or less']],
  },
  {
    url: '/api/v1/networks/create-network',
    body: (f, name) => ({ agent_id: f.agentA, name }),
    message: hiddenText('Network name'),
  },
  {
    url: '/api/v1/apps/update-app-icon',
    body: (f, icon) => ({ agent_id: f.agentA, app_id: APP_ID, icon }),
    message: hiddenText('Icon'),
    more: [['101 characters', 'i'.repeat(101), 'Icon must be 100 characters or less']],
  },
  {
    url: '/api/v1/apps/update-app-name',
    body: (f, name) => ({ agent_id: f.agentA, app_id: APP_ID, name }),
    message: 'App name must start with a letter and contain only letters, numbers, and hyphens',
    more: [['64 characters', `a${'b'.repeat(63)}`, 'App name must be 63 characters or less']],
  },
  {
    url: '/api/v1/organizations/invite-member',
    body: (f, email) => ({ organization_id: f.orgA.id, email: `x${email}@a.test`, role: 'admin' }),
    message: 'Email address is not valid',
  },
];

const APP_ID = 'app-with-a-name';

describe('hostile names', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let fixture: Fixture;
  before(async () => {
    testApp = await createTestApp();
    app = testApp.app;
    fixture = await seedFixture(app, { business: true });
    const db = app.dockhand.db;
    // A server with a plan (editing needs one) and an app on it, offline: nothing reaches an agent.
    await db
      .updateTable('agents')
      .set({ subscription_status: 'free' })
      .where('id', '=', fixture.agentA)
      .execute();
    await insertTestApp(app, fixture.agentA, APP_ID, { name: 'web' });
  });
  let malformed = 0;
  after(async () => {
    await testApp.close();
    console.log(
      `hostile names: ${malformed} malformed requests on ${endpoints.length} routes, none answered 5xx`,
    );
  });

  for (const endpoint of endpoints) {
    test(`${endpoint.url}: every hostile name is refused with the rule's text and changes nothing`, async () => {
      const cases = [
        ...hostile.map(([label, value]): [string, string, string] => [label, value, endpoint.message]),
        ...(endpoint.more ?? []),
      ];
      for (const [label, value, message] of cases) {
        const before = await snapshot(app);
        malformed += 1;
        const response = await app.inject({
          method: 'POST',
          url: endpoint.url,
          payload: endpoint.body(fixture, value),
          headers: fixture.owner.headers,
        });
        assert.equal(response.statusCode, 400, `${label}: ${response.body.slice(0, 300)}`);
        assert.deepEqual(response.json(), { success: false, message }, label);
        assert.equal(await snapshot(app), before, `${label}: state changed`);
      }
    });
  }

  test('a clean name in another script and NFD form is stored in NFC', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/organization/rename-organization',
      payload: { id: fixture.orgA.id, name: '  E\u0301quipe Nord 🚀 ' },
      headers: fixture.owner.headers,
    });
    assert.equal(response.statusCode, 200, response.body);
    const row = await app.dockhand.db
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', fixture.orgA.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.name, 'Équipe Nord 🚀');
  });
});
