/**
 * The Stripe provider against a local HTTP stand-in for Stripe's API (the official SDK pointed at
 * it with host/port/protocol), and webhooks signed with the SDK's own test helper.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { findAgent } from '../agents/agent-store.js';
import { findOrganization } from '../organizations/organization-store.js';
import { seedFixture } from '../test/fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const WEBHOOK_SECRET = 'whsec_test_secret';

interface Recorded {
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}

function startStandIn(): Promise<{ server: http.Server; port: number; requests: Recorded[] }> {
  const requests: Recorded[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      requests.push({
        path: request.url ?? '',
        authorization: request.headers.authorization,
        form: new URLSearchParams(body),
      });
      const n = requests.length;
      const answers: Record<string, object> = {
        '/v1/customers': { id: 'cus_test_1', object: 'customer' },
        '/v1/checkout/sessions': {
          id: `cs_test_${n}`,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/pay/cs_test_${n}`,
        },
        '/v1/billing_portal/sessions': {
          id: `bps_${n}`,
          object: 'billing_portal.session',
          url: `https://billing.stripe.test/session/${n}`,
        },
      };
      const answer = answers[request.url ?? ''];
      response.writeHead(answer ? 200 : 404, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(answer ?? { error: { type: 'invalid_request_error', message: 'No such route' } }),
      );
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as AddressInfo).port, requests }),
    ),
  );
}

function stripeEnv(port: number): Record<string, string> {
  return {
    PUBLIC_URL: 'http://localhost:8080',
    BILLING_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_standin',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_PRO: 'price_pro',
    STRIPE_PRICE_BUSINESS: 'price_business',
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(port),
    STRIPE_API_PROTOCOL: 'http',
    BUSINESS_LICENSES: '4',
  };
}

let eventCounter = 0;
function signedEvent(type: string, object: object, created: number, id = `evt_${++eventCounter}`) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    created,
    data: { object },
    api_version: '2025-01-01',
    livemode: false,
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return { payload, signature };
}

describe('stripe billing provider', () => {
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  let testApp: TestApp;
  let app: FastifyInstance;
  before(async () => {
    standIn = await startStandIn();
    testApp = await createTestApp(stripeEnv(standIn.port));
    app = testApp.app;
  });
  after(async () => {
    await testApp.close();
    standIn.server.close();
  });

  const webhook = (event: { payload: string; signature: string }) =>
    app.inject({
      method: 'POST',
      url: '/billing/stripe/webhook',
      payload: event.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    });

  test('checkout sessions for a server Pro plan and a Business plan, then the portal', async () => {
    const fixture = await seedFixture(app);
    const noAccount = await app.inject({
      method: 'GET',
      url: `/api/v1/billing/get-portal-url?organization_id=${fixture.orgA.id}`,
      headers: fixture.owner.headers,
    });
    assert.equal(noAccount.statusCode, 409);

    const pro = await app.inject({
      method: 'GET',
      url: `/api/v1/billing/get-agent-subscription-url?agent_id=${fixture.agentA}`,
      headers: fixture.owner.headers,
    });
    assert.equal(pro.statusCode, 200, pro.body);
    assert.match(pro.json().data.url, /^https:\/\/checkout\.stripe\.test\/pay\/cs_test_/);
    const session = standIn.requests.find((request) => request.path === '/v1/checkout/sessions')!;
    assert.equal(session.authorization, 'Bearer sk_test_standin');
    assert.equal(session.form.get('mode'), 'subscription');
    assert.equal(session.form.get('customer'), 'cus_test_1');
    assert.equal(session.form.get('line_items[0][price]'), 'price_pro');
    assert.equal(session.form.get('metadata[kind]'), 'agent');
    assert.equal(session.form.get('metadata[agent_id]'), fixture.agentA);
    assert.equal(session.form.get('subscription_data[metadata][agent_id]'), fixture.agentA);
    assert.equal(session.form.get('success_url'), 'http://localhost:8080/?checkout_success=true#/');
    assert.equal(
      (await findOrganization(app.dockhand.db, fixture.orgA.id))?.billing_customer_id,
      'cus_test_1',
    );

    const business = await app.inject({
      method: 'GET',
      url: `/api/v1/billing/get-business-subscription-url?organization_id=${fixture.orgA.id}`,
      headers: fixture.billing.headers,
    });
    assert.equal(business.statusCode, 200);
    const businessSession = standIn.requests
      .filter((request) => request.path === '/v1/checkout/sessions')
      .at(-1)!;
    assert.equal(businessSession.form.get('line_items[0][price]'), 'price_business');
    assert.equal(businessSession.form.get('metadata[organization_id]'), fixture.orgA.id);

    const portal = await app.inject({
      method: 'GET',
      url: `/api/v1/billing/get-portal-url?organization_id=${fixture.orgA.id}`,
      headers: fixture.admin.headers,
    });
    assert.match(portal.json().data.url, /^https:\/\/billing\.stripe\.test\/session\//);
    assert.equal(standIn.requests.at(-1)!.form.get('customer'), 'cus_test_1');
  });

  test('webhooks: signatures verified, events applied once, older events never win', async () => {
    const fixture = await seedFixture(app);
    const metadata = { kind: 'business', organization_id: fixture.orgA.id };
    const forged = signedEvent('checkout.session.completed', { metadata }, 1000);
    const bad = await webhook({
      payload: forged.payload,
      // Change the first digit of the signature to a different one (never to itself).
      signature: forged.signature.replace(
        /v1=(.)/,
        (_all, digit: string) => `v1=${digit === '0' ? '1' : '0'}`,
      ),
    });
    assert.equal(bad.statusCode, 400);
    assert.equal((await findOrganization(app.dockhand.db, fixture.orgA.id))?.subscription_status, 'unpaid');

    const completed = signedEvent(
      'checkout.session.completed',
      { object: 'checkout.session', metadata, customer: 'cus_9', subscription: 'sub_9' },
      1000,
    );
    assert.equal((await webhook(completed)).json().message, 'Applied');
    let organization = await findOrganization(app.dockhand.db, fixture.orgA.id);
    assert.equal(organization?.subscription_status, 'paid');
    assert.equal(organization?.licenses, 4);
    assert.equal(organization?.billing_subscription_id, 'sub_9');
    assert.equal((await webhook(completed)).json().message, 'Already processed');

    const deleted = signedEvent(
      'customer.subscription.deleted',
      { id: 'sub_9', object: 'subscription', status: 'canceled', metadata, customer: 'cus_9' },
      2000,
    );
    assert.equal((await webhook(deleted)).statusCode, 200);
    const stale = signedEvent(
      'customer.subscription.updated',
      { id: 'sub_9', object: 'subscription', status: 'active', metadata, customer: 'cus_9' },
      1500,
    );
    assert.equal((await webhook(stale)).statusCode, 200);
    organization = await findOrganization(app.dockhand.db, fixture.orgA.id);
    assert.equal(organization?.subscription_status, 'unpaid');
    assert.equal(organization?.licenses, 0);
  });

  test('webhooks: a server Pro subscription starts and ends', async () => {
    const fixture = await seedFixture(app);
    const metadata = { kind: 'agent', organization_id: fixture.orgA.id, agent_id: fixture.agentA };
    await webhook(
      signedEvent('checkout.session.completed', { metadata, customer: 'cus_1', subscription: 'sub_a' }, 100),
    );
    assert.equal((await findAgent(app.dockhand.db, fixture.agentA))?.subscription_status, 'paid');
    await webhook(
      signedEvent(
        'customer.subscription.updated',
        { id: 'sub_a', status: 'unpaid', metadata, customer: 'cus_1' },
        200,
      ),
    );
    assert.equal((await findAgent(app.dockhand.db, fixture.agentA))?.subscription_status, 'unpaid');
  });

  test('an unreachable Stripe gives a clear 502, not a 500', async () => {
    const closed = await startStandIn();
    closed.server.close();
    const offline = await createTestApp(stripeEnv(closed.port));
    try {
      const fixture = await seedFixture(offline.app);
      const answer = await offline.app.inject({
        method: 'GET',
        url: `/api/v1/billing/get-agent-subscription-url?agent_id=${fixture.agentA}`,
        headers: fixture.owner.headers,
      });
      assert.equal(answer.statusCode, 502);
      assert.equal(answer.json().success, false);
    } finally {
      await offline.close();
    }
  });
});
