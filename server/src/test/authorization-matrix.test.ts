/**
 * Authorisation matrix: every endpoint of this area, called as signed out, as a member of
 * another organization, as billing, admin and owner of organization A. Each case runs on a fresh
 * fixture, asserts the status, and asserts that no other organization's data appears.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { insertInvitation } from '../organizations/member-store.js';
import { actors, get, ok, post, type Actor, type Case } from './authorization-case.js';
import { serverCases } from './authorization-server-cases.js';
import { forgedTokens } from './forged-tokens.js';
import { seedFixture, type Fixture } from './fixtures.js';
import { createTestApp, type TestApp } from './test-app.js';

/** Organization A's owner invites the outsider: only the outsider may see, accept or decline it. */
const invitationId = (f: Fixture) => `invitation-${f.orgA.id}`;
async function inviteOutsider(app: FastifyInstance, f: Fixture): Promise<void> {
  await insertInvitation(app.dockhand.db, {
    id: invitationId(f),
    organizationId: f.orgA.id,
    email: f.outsider.email,
    role: 'admin',
    invitedBy: f.owner.id,
    now: Date.now(),
  });
}
const invitationShown = (f: Fixture) => [f.orgA.name, f.owner.email];

const organizationCases: Case[] = [
  {
    name: 'GET /auth/user',
    request: () => get('/auth/user'),
    expected: { signedOut: 401, outsider: ok, billing: ok, admin: ok, owner: ok },
  },
  {
    name: 'create-organization',
    request: () => post('/api/v1/organization/create-organization', { name: 'Fresh org' }),
    expected: { signedOut: 401, outsider: ok, billing: ok, admin: ok, owner: ok },
  },
  {
    name: 'rename-organization',
    request: (f) => post('/api/v1/organization/rename-organization', { id: f.orgA.id, name: 'Renamed' }),
    expected: { signedOut: 401, outsider: 403, billing: 403, admin: ok, owner: ok },
  },
  {
    name: 'delete-organization',
    request: (f) => post('/api/v1/organizations/delete-organization', { id: f.orgA.id }),
    expected: { signedOut: 401, outsider: 403, billing: 403, admin: 403, owner: ok },
  },
  {
    name: 'get-members',
    request: (f) => post('/api/v1/organizations/get-members', { organization_id: f.orgA.id }),
    expected: { signedOut: 401, outsider: 403, billing: ok, admin: ok, owner: ok },
  },
  {
    name: 'invite-member',
    business: true,
    request: (f) =>
      post('/api/v1/organizations/invite-member', {
        organization_id: f.orgA.id,
        email: 'new.person@a.test',
        role: 'admin',
      }),
    expected: { signedOut: 401, outsider: 403, billing: 403, admin: ok, owner: ok },
  },
  {
    name: 'delete-member',
    request: (f) =>
      post('/api/v1/organizations/delete-member', { organization_id: f.orgA.id, user_id: f.billing.id }),
    expected: { signedOut: 401, outsider: 403, billing: 403, admin: ok, owner: ok },
  },
  {
    name: 'promote-agent',
    business: true,
    request: (f) => post('/api/v1/organizations/promote-agent', { agent_id: f.agentA, type: 'pro' }),
    expected: { signedOut: 401, outsider: 404, billing: 404, admin: ok, owner: ok },
  },
  {
    name: 'get-agent-subscription-url',
    request: (f) => get(`/api/v1/billing/get-agent-subscription-url?agent_id=${f.agentA}`),
    expected: { signedOut: 401, outsider: 403, billing: ok, admin: ok, owner: ok },
  },
  {
    name: 'get-business-subscription-url',
    request: (f) => get(`/api/v1/billing/get-business-subscription-url?organization_id=${f.orgA.id}`),
    expected: { signedOut: 401, outsider: 403, billing: ok, admin: ok, owner: ok },
  },
  {
    name: 'get-portal-url',
    request: (f) => get(`/api/v1/billing/get-portal-url?organization_id=${f.orgA.id}`),
    expected: { signedOut: 401, outsider: 403, billing: ok, admin: ok, owner: ok },
  },
  {
    name: 'dev billing portal page',
    request: (f) => get(`/billing/dev/portal/${f.orgA.id}`),
    expected: { signedOut: 401, outsider: 403, billing: ok, admin: ok, owner: ok },
  },
  {
    name: 'get-inventory',
    request: (f) => get(`/api/v1/apps/get-inventory?agent_id=${f.agentA}`),
    expected: { signedOut: 401, outsider: 404, billing: ok, admin: ok, owner: ok },
  },
  // The fixture's agents are offline: a manager is let through and told so (409).
  {
    name: 'get-volumes',
    request: (f) => get(`/api/v1/volumes/get-volumes?agent_id=${f.agentA}`),
    expected: { signedOut: 401, outsider: 404, billing: 409, admin: 409, owner: 409 },
  },
  {
    name: 'delete-volume',
    request: (f) => post('/api/v1/volumes/delete-volume', { agent_id: f.agentA, name: 'orphan-data' }),
    expected: { signedOut: 401, outsider: 404, billing: 403, admin: 409, owner: 409 },
  },
  {
    name: 'adopt-app',
    request: (f) => post(`/api/v1/apps/adopt-app?agent_id=${f.agentA}`, { app_id: 'found-app' }),
    expected: { signedOut: 401, outsider: 404, billing: 403, admin: 409, owner: 409 },
  },
  {
    name: 'remove-found-app',
    request: (f) => post(`/api/v1/apps/remove-found-app?agent_id=${f.agentA}`, { app_id: 'found-app' }),
    expected: { signedOut: 401, outsider: 404, billing: 403, admin: 409, owner: 409 },
  },
  {
    name: 'get-invitations',
    business: true,
    prepare: inviteOutsider,
    request: () => get('/api/v1/organizations/get-invitations'),
    expected: { signedOut: 401, outsider: ok, billing: ok, admin: ok, owner: ok },
    shows: invitationShown,
  },
  {
    name: 'accept-invitation (only its invitee)',
    business: true,
    prepare: inviteOutsider,
    request: (f) => post('/api/v1/organizations/accept-invitation', { invitation_id: invitationId(f) }),
    expected: { signedOut: 401, outsider: ok, billing: 404, admin: 404, owner: 404 },
    shows: (f) => [f.orgA.name],
  },
  {
    name: 'decline-invitation (only its invitee)',
    business: true,
    prepare: inviteOutsider,
    request: (f) => post('/api/v1/organizations/decline-invitation', { invitation_id: invitationId(f) }),
    expected: { signedOut: 401, outsider: ok, billing: 404, admin: 404, owner: 404 },
  },
  {
    name: 'GET /auth/logout',
    request: () => get('/auth/logout'),
    expected: { signedOut: ok, outsider: ok, billing: ok, admin: ok, owner: ok },
  },
  {
    name: 'GET /auth/logout from another site',
    request: () => ({ ...get('/auth/logout'), headers: { 'sec-fetch-site': 'cross-site' } }),
    expected: { signedOut: 403, outsider: 403, billing: 403, admin: 403, owner: 403 },
  },
];

const cases = [...organizationCases, ...serverCases];

function withActor(fixture: Fixture, actor: Actor, options: InjectOptions): InjectOptions {
  if (actor === 'signedOut') return options;
  return { ...options, headers: { ...options.headers, ...fixture[actor].headers } };
}

/** Strings that identify the organization the actor must not see. */
function foreignMarkers(fixture: Fixture, actor: Actor): string[] {
  // The ids the outsider sends may be echoed in an error; names and emails must never appear.
  if (actor === 'outsider')
    return [fixture.orgA.name, fixture.owner.email, fixture.admin.email, fixture.billing.email];
  return [fixture.orgB.id, fixture.orgB.name, fixture.outsider.email, fixture.agentB];
}

/** What the matrix tried, printed at the end (the figures of the security review). */
const tried = { crossTenant: 0, roleCalls: 0, forged: 0, routes: new Set<string>() };

describe('authorisation matrix', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  before(async () => {
    testApp = await createTestApp();
    app = testApp.app;
  });
  after(async () => {
    await testApp.close();
    console.log(
      `authorisation matrix: ${cases.length} cases on ${tried.routes.size} routes; ` +
        `${tried.crossTenant} cross-tenant calls, ${tried.roleCalls} role calls, ${tried.forged} forged-token calls`,
    );
  });

  for (const entry of cases) {
    for (const actor of actors) {
      test(`${entry.name} as ${actor} → ${entry.expected[actor]}`, async () => {
        const fixture = await seedFixture(app, { business: entry.business });
        await entry.prepare?.(app, fixture);
        const request = entry.request(fixture);
        const response = await app.inject(withActor(fixture, actor, request));
        assert.equal(response.statusCode, entry.expected[actor], response.body);
        tried.routes.add(entry.name.split(' (')[0]!);
        if (actor === 'outsider') tried.crossTenant += 1;
        else if (actor !== 'signedOut') tried.roleCalls += 1;
        if (String(response.headers['content-type']).startsWith('application/json')) {
          const body = response.json() as { success: boolean; message: string };
          assert.equal(body.success, response.statusCode === ok);
          assert.equal(typeof body.message, 'string');
        }
        const shown = response.statusCode === ok ? (entry.shows?.(fixture) ?? []) : [];
        for (const marker of foreignMarkers(fixture, actor).filter((m) => !shown.includes(m)))
          assert.ok(!response.body.includes(marker), `leaked ${marker}`);
      });
    }
    test(`${entry.name} with forged tokens → ${entry.expected.signedOut}`, async () => {
      const fixture = await seedFixture(app, { business: entry.business });
      await entry.prepare?.(app, fixture);
      for (const [label, credentials] of await forgedTokens(fixture)) {
        const request = entry.request(fixture);
        const response = await app.inject({ ...request, headers: { ...request.headers, ...credentials } });
        tried.forged += 1;
        // A forged token is no token: the caller is treated as signed out.
        assert.equal(response.statusCode, entry.expected.signedOut, `${label}: ${response.body}`);
        for (const marker of [fixture.orgA.name, fixture.owner.email, fixture.orgB.name, fixture.agentA])
          assert.ok(!response.body.includes(marker), `${label} leaked ${marker}`);
      }
    });
  }
});
