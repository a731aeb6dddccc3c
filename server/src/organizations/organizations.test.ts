import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { findAgent, insertAgent } from '../agents/agent-store.js';
import { seedFixture } from '../test/fixtures.js';
import { signIn, type TestUser } from '../test/sign-in.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

describe('organizations, members and plans', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  before(async () => {
    testApp = await createTestApp();
    app = testApp.app;
  });
  after(() => testApp.close());

  const call = (user: TestUser, url: string, payload: object) =>
    app.inject({ method: 'POST', url, payload, headers: user.headers });
  const profile = async (user: TestUser) =>
    (await app.inject({ method: 'GET', url: '/auth/user', headers: user.headers })).json().data;

  test('create makes the creator owner; rename validates and returns the name', async () => {
    const user = await signIn(app, 'creator@org.test');
    const created = await call(user, '/api/v1/organization/create-organization', { name: '  Acme  ' });
    assert.equal(created.statusCode, 200);
    const data = created.json().data;
    assert.deepEqual(Object.keys(data).sort(), ['id', 'name', 'subscription_status']);
    assert.equal(data.name, 'Acme');
    assert.equal(data.subscription_status, 'unpaid');
    assert.equal(typeof created.json().message, 'string');
    assert.deepEqual((await profile(user)).organizations, [
      { id: data.id, name: 'Acme', role: 'owner', subscription_status: 'unpaid', licenses: 0 },
    ]);

    const empty = await call(user, '/api/v1/organization/rename-organization', { id: data.id, name: '   ' });
    assert.deepEqual(empty.json(), { success: false, message: 'Organization name is required' });
    const long = await call(user, '/api/v1/organization/rename-organization', {
      id: data.id,
      name: 'x'.repeat(256),
    });
    assert.deepEqual(long.json(), {
      success: false,
      message: 'Organization name must be 255 characters or less',
    });
    const exact = await call(user, '/api/v1/organization/rename-organization', {
      id: data.id,
      name: 'y'.repeat(255),
    });
    assert.equal(exact.json().data.name, 'y'.repeat(255));
  });

  test('delete needs the owner and every server offline', async () => {
    const fixture = await seedFixture(app);
    await app.dockhand.db
      .updateTable('agents')
      .set({ certificate_fingerprint: `fp-${fixture.agentA}` })
      .where('id', '=', fixture.agentA)
      .execute();
    const online = new Set([fixture.agentA]);
    app.dockhand.presence = { isOnline: (agentId) => online.has(agentId) };
    try {
      const blocked = await call(fixture.owner, '/api/v1/organizations/delete-organization', {
        id: fixture.orgA.id,
      });
      assert.equal(blocked.statusCode, 409);
      online.clear();
      const deleted = await call(fixture.owner, '/api/v1/organizations/delete-organization', {
        id: fixture.orgA.id,
      });
      assert.equal(deleted.statusCode, 200);
      assert.equal(await findAgent(app.dockhand.db, fixture.agentA), null);
      const revoked = await app.dockhand.db
        .selectFrom('revoked_agent_certificates')
        .select('certificate_fingerprint')
        .where('certificate_fingerprint', '=', `fp-${fixture.agentA}`)
        .executeTakeFirst();
      assert.ok(revoked);
      assert.deepEqual((await profile(fixture.admin)).organizations, []);
    } finally {
      app.dockhand.presence = { isOnline: () => false };
    }
  });

  test('inviting needs a Business organization and an email', async () => {
    const fixture = await seedFixture(app);
    const individual = await call(fixture.owner, '/api/v1/organizations/invite-member', {
      organization_id: fixture.orgA.id,
      email: 'x@c.test',
    });
    assert.equal(individual.statusCode, 402);
    const missing = await call(fixture.owner, '/api/v1/organizations/invite-member', {
      organization_id: fixture.orgA.id,
      role: 'admin',
    });
    assert.deepEqual(missing.json(), { success: false, message: 'Email is required' });
  });

  test('one free server per owner across their organizations', async () => {
    const fixture = await seedFixture(app);
    const second = (
      await call(fixture.owner, '/api/v1/organization/create-organization', { name: 'Second' })
    ).json().data.id;
    const otherAgent = randomUUID();
    await insertAgent(app.dockhand.db, { id: otherAgent, organizationId: second, name: 'other' });
    const first = await call(fixture.admin, '/api/v1/organizations/promote-agent', {
      agent_id: fixture.agentA,
      type: 'free',
    });
    assert.equal(first.statusCode, 200);
    assert.equal(first.json().data.message, 'Agent promoted successfully');
    assert.equal((await findAgent(app.dockhand.db, fixture.agentA))?.subscription_status, 'free');
    const blocked = await call(fixture.owner, '/api/v1/organizations/promote-agent', {
      agent_id: otherAgent,
      type: 'free',
    });
    assert.equal(blocked.statusCode, 409);
    assert.equal((await findAgent(app.dockhand.db, otherAgent))?.subscription_status, 'unpaid');
  });

  test('concurrent promotions cannot share the last free slot or license', async () => {
    const fixture = await seedFixture(app, { business: true, licenses: 1 });
    const agents = [fixture.agentA, randomUUID(), randomUUID(), randomUUID()];
    for (const id of agents.slice(1))
      await insertAgent(app.dockhand.db, { id, organizationId: fixture.orgA.id, name: id.slice(0, 8) });
    const promote = (agentId: string, type: string) =>
      call(fixture.owner, '/api/v1/organizations/promote-agent', { agent_id: agentId, type });
    const free = await Promise.all([promote(agents[0]!, 'free'), promote(agents[1]!, 'free')]);
    assert.deepEqual(free.map((response) => response.statusCode).sort(), [200, 409]);
    const pro = await Promise.all([promote(agents[2]!, 'pro'), promote(agents[3]!, 'pro')]);
    assert.deepEqual(pro.map((response) => response.statusCode).sort(), [200, 402]);
  });

  test('pro only within the licenses; otherwise No Pro Licenses Available', async () => {
    const fixture = await seedFixture(app, { business: true, licenses: 1 });
    const extra = randomUUID();
    await insertAgent(app.dockhand.db, {
      id: extra,
      organizationId: fixture.orgA.id,
      name: 'extra',
      status: 'free',
    });
    const first = await call(fixture.owner, '/api/v1/organizations/promote-agent', {
      agent_id: fixture.agentA,
      type: 'pro',
    });
    assert.equal(first.json().data.message, 'Agent promoted successfully');
    assert.equal((await findAgent(app.dockhand.db, fixture.agentA))?.subscription_status, 'paid');
    const none = await call(fixture.owner, '/api/v1/organizations/promote-agent', {
      agent_id: extra,
      type: 'pro',
    });
    assert.equal(none.statusCode, 402);
    assert.deepEqual(none.json(), { success: false, message: 'No Pro Licenses Available' });

    const individual = await seedFixture(app);
    const noBusiness = await call(individual.owner, '/api/v1/organizations/promote-agent', {
      agent_id: individual.agentA,
      type: 'pro',
    });
    assert.equal(noBusiness.json().message, 'No Pro Licenses Available');
  });

  test('refusals declared on the routes keep their texts: owner-only delete, promote hides foreign and non-manager alike', async () => {
    const fixture = await seedFixture(app);
    const del = (user: TestUser) =>
      call(user, '/api/v1/organizations/delete-organization', { id: fixture.orgA.id });
    for (const member of [fixture.admin, fixture.billing]) {
      const refused = await del(member);
      assert.equal(refused.statusCode, 403);
      assert.equal(refused.json().message, 'Only the organization owner can delete the organization');
    }
    assert.equal((await del(fixture.outsider)).json().message, 'You don’t have access to this organization');
    const promote = (user: TestUser) =>
      call(user, '/api/v1/organizations/promote-agent', { agent_id: fixture.agentA, type: 'pro' });
    const asBilling = await promote(fixture.billing);
    const asOutsider = await promote(fixture.outsider);
    assert.equal(asBilling.statusCode, 404);
    assert.deepEqual(asBilling.json(), asOutsider.json());
    assert.equal(asBilling.json().message, `Agent with ID ${fixture.agentA} not found`);
    assert.equal((await findAgent(app.dockhand.db, fixture.agentA))?.subscription_status, 'unpaid');
  });
});
