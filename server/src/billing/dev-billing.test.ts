import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { findAgent } from '../agents/agent-store.js';
import { findOrganization } from '../organizations/organization-store.js';
import { seedFixture } from '../test/fixtures.js';
import { signIn } from '../test/sign-in.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const ORIGIN = 'http://localhost:8080';

describe('dev billing provider', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  before(async () => {
    testApp = await createTestApp({ PUBLIC_URL: ORIGIN, BUSINESS_LICENSES: '3' });
    app = testApp.app;
  });
  after(() => testApp.close());

  test('completing a server checkout marks it Pro and returns to the dashboard', async () => {
    const fixture = await seedFixture(app);
    const answer = await app.inject({
      method: 'GET',
      url: `/api/v1/billing/get-agent-subscription-url?agent_id=${fixture.agentA}`,
      headers: fixture.billing.headers,
    });
    const url = new URL(answer.json().data.url);
    assert.equal(url.origin, ORIGIN);
    const cookies = { access_token: fixture.billing.accessToken };
    const page = await app.inject({ method: 'GET', url: url.pathname, cookies });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Complete purchase/);
    assert.doesNotMatch(page.body, /<script/);
    const action = /action="([^"]+)"/.exec(page.body)![1]!;

    const someoneElse = await app.inject({
      method: 'POST',
      url: action,
      cookies: { access_token: fixture.admin.accessToken },
      headers: { origin: ORIGIN },
    });
    assert.equal(someoneElse.statusCode, 404);
    const foreign = await app.inject({
      method: 'POST',
      url: action,
      cookies,
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(foreign.statusCode, 403);
    assert.equal((await findAgent(app.dockhand.db, fixture.agentA))?.subscription_status, 'unpaid');

    const done = await app.inject({
      method: 'POST',
      url: action,
      cookies,
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    assert.equal(done.statusCode, 303);
    assert.equal(done.headers.location, `${ORIGIN}/?checkout_success=true#/`);
    assert.equal((await findAgent(app.dockhand.db, fixture.agentA))?.subscription_status, 'paid');
    const twice = await app.inject({ method: 'POST', url: action, cookies, headers: { origin: ORIGIN } });
    assert.equal(twice.statusCode, 404);
  });

  test('business checkout without organization_id picks owner before admin before billing, then sets licenses', async () => {
    const fixture = await seedFixture(app);
    const answer = await app.inject({
      method: 'GET',
      url: '/api/v1/billing/get-business-subscription-url',
      headers: fixture.admin.headers,
    });
    const { pathname } = new URL(answer.json().data.url);
    const checkout = await app.dockhand.db
      .selectFrom('dev_checkouts')
      .selectAll()
      .where('id', '=', pathname.split('/').pop()!)
      .executeTakeFirstOrThrow();
    assert.equal(checkout.organization_id, fixture.orgA.id);
    // The admin also owns an organization of their own: that one comes first.
    const own = await app.inject({
      method: 'POST',
      url: '/api/v1/organization/create-organization',
      payload: { name: 'Own' },
      headers: fixture.admin.headers,
    });
    const picked = await app.inject({
      method: 'GET',
      url: '/api/v1/billing/get-business-subscription-url',
      headers: fixture.admin.headers,
    });
    const pickedCheckout = await app.dockhand.db
      .selectFrom('dev_checkouts')
      .selectAll()
      .where('id', '=', new URL(picked.json().data.url).pathname.split('/').pop()!)
      .executeTakeFirstOrThrow();
    assert.equal(pickedCheckout.organization_id, own.json().data.id);

    const done = await app.inject({
      method: 'POST',
      url: `${pathname}/complete`,
      cookies: { access_token: fixture.admin.accessToken },
      headers: { origin: ORIGIN },
    });
    assert.equal(done.headers.location, `${ORIGIN}/?checkout_success=true#/organization`);
    const organization = await findOrganization(app.dockhand.db, fixture.orgA.id);
    assert.equal(organization?.subscription_status, 'paid');
    assert.equal(organization?.licenses, 3);

    const portal = await app.inject({
      method: 'GET',
      url: `/api/v1/billing/get-portal-url?organization_id=${fixture.orgA.id}`,
      headers: fixture.billing.headers,
    });
    const portalPage = await app.inject({
      method: 'GET',
      url: new URL(portal.json().data.url).pathname,
      cookies: { access_token: fixture.billing.accessToken },
    });
    assert.match(portalPage.body, /Business \(3 Pro server licenses\)/);
    const cancel = /action="([^"]+)"/.exec(portalPage.body)![1]!;
    const outsider = await app.inject({
      method: 'POST',
      url: cancel,
      cookies: { access_token: fixture.outsider.accessToken },
      headers: { origin: ORIGIN },
    });
    assert.equal(outsider.statusCode, 403);
    const cancelled = await app.inject({
      method: 'POST',
      url: cancel,
      cookies: { access_token: fixture.billing.accessToken },
      headers: { origin: ORIGIN },
    });
    assert.equal(cancelled.statusCode, 303);
    const after = await findOrganization(app.dockhand.db, fixture.orgA.id);
    assert.deepEqual([after?.subscription_status, after?.licenses], ['unpaid', 0]);
  });

  test('billing errors use the spec texts', async () => {
    const loner = await signIn(app, 'loner@billing.test');
    const none = await app.inject({
      method: 'GET',
      url: '/api/v1/billing/get-business-subscription-url',
      headers: loner.headers,
    });
    assert.deepEqual(none.json(), { success: false, message: 'No organization with billing access found' });
    const portal = await app.inject({
      method: 'GET',
      url: '/api/v1/billing/get-portal-url',
      headers: loner.headers,
    });
    assert.deepEqual(portal.json(), {
      success: false,
      message: 'You do not have permission to manage billing',
    });
    const fixture = await seedFixture(app);
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/v1/billing/get-portal-url?organization_id=${fixture.orgA.id}`,
      headers: loner.headers,
    });
    assert.deepEqual(foreign.json(), {
      success: false,
      message: 'You do not have permission to manage billing for this organization',
    });
  });
});
