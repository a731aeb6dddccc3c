/**
 * Bad input for every endpoint of this area: malformed JSON, non-object bodies, missing fields,
 * wrong types and oversized strings answer `{success:false, message}` with a 4xx (never a 500)
 * and change nothing. Sent as the owner, so only validation can refuse.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { seedFixture, snapshot, type Fixture } from './fixtures.js';
import { createTestApp, type TestApp } from './test-app.js';

const huge = 'x'.repeat(10_000);

type BadCase = [label: string, build: (f: Fixture) => InjectOptions];

const json = (url: string, payload: string): InjectOptions => ({
  method: 'POST',
  url,
  payload,
  headers: { 'content-type': 'application/json' },
});
const body = (url: string, payload: unknown): InjectOptions => json(url, JSON.stringify(payload));

function postCases(url: string, valid: (f: Fixture) => Record<string, unknown>, fields: string[]): BadCase[] {
  const cases: BadCase[] = [
    ['malformed JSON', () => json(url, '{"name": ')],
    ['empty body', () => json(url, '')],
    ['array body', () => body(url, [])],
    ['string body', () => body(url, 'hello')],
    [
      'no content type',
      () => ({ method: 'POST', url, payload: 'name=x', headers: { 'content-type': 'text/plain' } }),
    ],
  ];
  for (const field of fields) {
    cases.push([`missing ${field}`, (f) => body(url, { ...valid(f), [field]: undefined })]);
    cases.push([`${field} as number`, (f) => body(url, { ...valid(f), [field]: 12.5 })]);
    cases.push([`${field} as object`, (f) => body(url, { ...valid(f), [field]: { $ne: null } })]);
    cases.push([`${field} as array`, (f) => body(url, { ...valid(f), [field]: ['a'] })]);
    cases.push([`${field} oversized`, (f) => body(url, { ...valid(f), [field]: huge })]);
    cases.push([`${field} empty`, (f) => body(url, { ...valid(f), [field]: '' })]);
  }
  return cases;
}

function getCases(path: string, key: string, valid: (f: Fixture) => string): BadCase[] {
  return [
    [`missing ${key}`, () => ({ method: 'GET', url: path })],
    [`${key} oversized`, () => ({ method: 'GET', url: `${path}?${key}=${huge}` })],
    [`${key} repeated`, (f) => ({ method: 'GET', url: `${path}?${key}=${valid(f)}&${key}=${valid(f)}` })],
    [`${key} unknown`, () => ({ method: 'GET', url: `${path}?${key}=does-not-exist` })],
  ];
}

const endpoints: [string, BadCase[]][] = [
  [
    'create-organization',
    postCases('/api/v1/organization/create-organization', () => ({ name: 'Valid' }), ['name']),
  ],
  [
    'rename-organization',
    postCases('/api/v1/organization/rename-organization', (f) => ({ id: f.orgA.id, name: 'Valid' }), [
      'id',
      'name',
    ]),
  ],
  [
    'delete-organization',
    postCases('/api/v1/organizations/delete-organization', (f) => ({ id: f.orgA.id }), ['id']),
  ],
  [
    'get-members',
    postCases('/api/v1/organizations/get-members', (f) => ({ organization_id: f.orgA.id }), [
      'organization_id',
    ]),
  ],
  [
    'invite-member',
    postCases(
      '/api/v1/organizations/invite-member',
      (f) => ({ organization_id: f.orgA.id, email: 'a@b.test', role: 'admin' }),
      ['organization_id', 'email', 'role'],
    ).filter(([label]) => label !== 'missing role' && label !== 'role empty'),
  ],
  [
    'delete-member',
    postCases(
      '/api/v1/organizations/delete-member',
      (f) => ({ organization_id: f.orgA.id, user_id: f.admin.id }),
      ['organization_id', 'user_id'],
    ),
  ],
  [
    'accept-invitation',
    postCases('/api/v1/organizations/accept-invitation', () => ({ invitation_id: 'unknown' }), [
      'invitation_id',
    ]),
  ],
  [
    'decline-invitation',
    postCases('/api/v1/organizations/decline-invitation', () => ({ invitation_id: 'unknown' }), [
      'invitation_id',
    ]),
  ],
  [
    'promote-agent',
    postCases('/api/v1/organizations/promote-agent', (f) => ({ agent_id: f.agentA, type: 'pro' }), [
      'agent_id',
      'type',
    ]),
  ],
  [
    'get-agent-subscription-url',
    getCases('/api/v1/billing/get-agent-subscription-url', 'agent_id', (f) => f.agentA),
  ],
  [
    'get-business-subscription-url',
    getCases('/api/v1/billing/get-business-subscription-url', 'organization_id', (f) => f.orgA.id).filter(
      ([label]) => label !== 'missing organization_id',
    ),
  ],
  [
    'get-portal-url',
    getCases('/api/v1/billing/get-portal-url', 'organization_id', (f) => f.orgA.id).filter(
      ([label]) => label !== 'missing organization_id',
    ),
  ],
];

describe('bad input', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let fixture: Fixture;
  before(async () => {
    testApp = await createTestApp();
    app = testApp.app;
    // Business with no licenses left, so a valid-looking promote still changes nothing.
    fixture = await seedFixture(app, { business: true, licenses: 0 });
  });
  let malformed = 0;
  after(async () => {
    await testApp.close();
    console.log(
      `bad input: ${malformed} malformed requests on ${endpoints.length} routes, none answered 5xx`,
    );
  });

  for (const [endpoint, cases] of endpoints) {
    test(`${endpoint}: every bad input is a clear 4xx and changes nothing`, async () => {
      for (const [label, build] of cases) {
        const before = await snapshot(app);
        const options = build(fixture);
        malformed += 1;
        const response = await app.inject({
          ...options,
          headers: { ...options.headers, ...fixture.owner.headers },
        });
        assert.ok(
          response.statusCode >= 400 && response.statusCode < 500,
          `${label}: status ${response.statusCode} ${response.body}`,
        );
        const answer = response.json() as { success: unknown; message: unknown };
        assert.equal(answer.success, false, label);
        assert.equal(typeof answer.message, 'string', label);
        assert.ok(
          (answer.message as string).length > 0 && (answer.message as string).length < 200,
          `${label}: ${answer.message}`,
        );
        assert.equal(await snapshot(app), before, `${label}: state changed`);
      }
    });
  }
});
