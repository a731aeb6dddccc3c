/**
 * Invitations must be accepted: inviting an email (with an account or not) makes a pending
 * invitation the inviter sees and may withdraw; only its invitee, signed in with that verified
 * email, sees it (organization and inviter) and accepts or declines it. Membership and the
 * organization's servers come only with accepting.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { seedFixture, snapshot, type Fixture } from '../test/fixtures.js';
import { signIn, type TestUser } from '../test/sign-in.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

interface Invitation {
  id: string;
  organization_id: string;
  organization_name: string;
  role: string;
  inviter: { name: string; email: string } | null;
}

describe('invitations', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let counter = 0;
  before(async () => {
    testApp = await createTestApp();
    app = testApp.app;
  });
  after(() => testApp.close());

  const post = (user: TestUser, url: string, payload: object) =>
    app.inject({ method: 'POST', url, payload, headers: user.headers });
  const get = (user: TestUser, url: string) => app.inject({ method: 'GET', url, headers: user.headers });
  const organizationsOf = async (user: TestUser) =>
    (await get(user, '/auth/user')).json().data.organizations as { id: string; role: string }[];
  const serversOf = async (user: TestUser) =>
    ((await get(user, '/api/v1/agents/get-agents')).json().data.agents as { id: string }[]).map((a) => a.id);
  const invitationsOf = async (user: TestUser) => {
    const response = await get(user, '/api/v1/organizations/get-invitations');
    assert.equal(response.statusCode, 200, response.body);
    return response.json().data.invitations as Invitation[];
  };
  const membersOf = async (fixture: Fixture) =>
    (
      await post(fixture.owner, '/api/v1/organizations/get-members', { organization_id: fixture.orgA.id })
    ).json().data.members as { user_id: string; email: string; role: string; pending: boolean }[];
  const invite = async (fixture: Fixture, email: string) => {
    const response = await post(fixture.admin, '/api/v1/organizations/invite-member', {
      organization_id: fixture.orgA.id,
      email,
      role: 'admin',
    });
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as { message: string; data: { joined: boolean } };
  };
  const freshEmail = (label: string) => `${label}-${++counter}@invitee.test`;

  test('an existing user is not a member until they accept; then the servers appear', async () => {
    const fixture = await seedFixture(app, { business: true });
    const invitee = await signIn(app, freshEmail('existing'));
    const answer = await invite(fixture, invitee.email.toUpperCase());
    assert.deepEqual(answer, {
      success: true,
      message: 'Invitation sent: they join when they accept it',
      data: { joined: false },
    });

    assert.deepEqual(await organizationsOf(invitee), []);
    assert.ok(!(await serversOf(invitee)).includes(fixture.agentA));
    const pending = (await membersOf(fixture)).find((member) => member.email === invitee.email);
    assert.deepEqual(pending, {
      user_id: `invitation:${invitee.email}`,
      email: invitee.email,
      name: null,
      role: 'admin',
      pending: true,
    });
    const [invitation, ...others] = await invitationsOf(invitee);
    assert.equal(others.length, 0);
    assert.equal(invitation!.organization_name, fixture.orgA.name);
    assert.equal(invitation!.organization_id, fixture.orgA.id);
    assert.equal(invitation!.role, 'admin');
    assert.deepEqual(invitation!.inviter, {
      name: fixture.admin.email.split('@')[0],
      email: fixture.admin.email,
    });

    const accepted = await post(invitee, '/api/v1/organizations/accept-invitation', {
      invitation_id: invitation!.id,
    });
    assert.equal(accepted.statusCode, 200, accepted.body);
    assert.equal(accepted.json().message, 'Invitation accepted');
    assert.deepEqual(accepted.json().data.organization, {
      id: fixture.orgA.id,
      name: fixture.orgA.name,
      role: 'admin',
      subscription_status: 'paid',
      licenses: 2,
    });
    assert.deepEqual(
      (await organizationsOf(invitee)).map((org) => [org.id, org.role]),
      [[fixture.orgA.id, 'admin']],
    );
    assert.ok((await serversOf(invitee)).includes(fixture.agentA));
    assert.deepEqual(await invitationsOf(invitee), []);
    const member = (await membersOf(fixture)).find((entry) => entry.email === invitee.email);
    assert.equal(member?.pending, false);
    assert.equal(member?.user_id, invitee.id);

    // Accepting twice finds nothing; inviting a member again is refused.
    const again = await post(invitee, '/api/v1/organizations/accept-invitation', {
      invitation_id: invitation!.id,
    });
    assert.equal(again.statusCode, 404);
    const reinvite = await post(fixture.admin, '/api/v1/organizations/invite-member', {
      organization_id: fixture.orgA.id,
      email: invitee.email,
    });
    assert.equal(reinvite.statusCode, 409);
  });

  test('declining removes the invitation and joins nothing', async () => {
    const fixture = await seedFixture(app, { business: true });
    const invitee = await signIn(app, freshEmail('decliner'));
    await invite(fixture, invitee.email);
    const [invitation] = await invitationsOf(invitee);
    const declined = await post(invitee, '/api/v1/organizations/decline-invitation', {
      invitation_id: invitation!.id,
    });
    assert.deepEqual(declined.json(), { success: true, message: 'Invitation declined' });
    assert.deepEqual(await invitationsOf(invitee), []);
    assert.deepEqual(await organizationsOf(invitee), []);
    assert.ok(!(await membersOf(fixture)).some((member) => member.email === invitee.email));
  });

  test('the inviter withdraws a pending invitation; the invitee can no longer accept it', async () => {
    const fixture = await seedFixture(app, { business: true });
    const invitee = await signIn(app, freshEmail('withdrawn'));
    await invite(fixture, invitee.email);
    const [invitation] = await invitationsOf(invitee);
    const withdrawn = await post(fixture.owner, '/api/v1/organizations/delete-member', {
      organization_id: fixture.orgA.id,
      user_id: `invitation:${invitee.email}`,
    });
    assert.equal(withdrawn.statusCode, 200, withdrawn.body);
    assert.deepEqual(await invitationsOf(invitee), []);
    const late = await post(invitee, '/api/v1/organizations/accept-invitation', {
      invitation_id: invitation!.id,
    });
    assert.deepEqual(late.json(), {
      success: false,
      message: 'Invitation not found. It may have been withdrawn.',
    });
    assert.deepEqual(await organizationsOf(invitee), []);
  });

  test('an email without an account sees the invitation at sign-in and still has to accept', async () => {
    const fixture = await seedFixture(app, { business: true });
    const email = freshEmail('newcomer');
    await invite(fixture, email);
    const newcomer = await signIn(app, email);
    assert.deepEqual(await organizationsOf(newcomer), []);
    const [invitation] = await invitationsOf(newcomer);
    assert.equal(invitation!.organization_name, fixture.orgA.name);
    await post(newcomer, '/api/v1/organizations/accept-invitation', { invitation_id: invitation!.id });
    assert.deepEqual(
      (await organizationsOf(newcomer)).map((org) => org.id),
      [fixture.orgA.id],
    );
  });

  test('only the invitee, with a verified email, may see, accept or decline an invitation', async () => {
    const fixture = await seedFixture(app, { business: true });
    const email = freshEmail('target');
    await invite(fixture, email);
    // Another account claiming the same email without the provider vouching for it.
    const unverified = await signIn(app, email, 'Impostor', { emailVerified: false });
    assert.deepEqual(await invitationsOf(unverified), []);
    const invitee = await signIn(app, freshEmail('real'));
    const id = (
      await app.dockhand.db
        .selectFrom('organization_invitations')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).id;
    for (const [label, user] of [
      ['unverified holder of the email', unverified],
      ['another user', invitee],
      ['the outsider', fixture.outsider],
      ['the organization owner', fixture.owner],
      ['the inviting admin', fixture.admin],
    ] as const) {
      for (const action of ['accept-invitation', 'decline-invitation']) {
        const before = await snapshot(app);
        const response = await post(user, `/api/v1/organizations/${action}`, { invitation_id: id });
        assert.equal(response.statusCode, 404, `${label} ${action}: ${response.body}`);
        assert.equal(await snapshot(app), before, `${label} ${action} changed state`);
        assert.ok(!response.body.includes(fixture.orgA.name), `${label} ${action} leaked the name`);
      }
    }
    assert.deepEqual(await invitationsOf(fixture.outsider), []);
    assert.deepEqual(await organizationsOf(unverified), []);
  });

  test('owners cannot be removed; an accepted member can be', async () => {
    const fixture = await seedFixture(app, { business: true });
    const owner = await post(fixture.admin, '/api/v1/organizations/delete-member', {
      organization_id: fixture.orgA.id,
      user_id: fixture.owner.id,
    });
    assert.deepEqual(owner.json(), { success: false, message: 'Owner members cannot be removed' });
    const removed = await post(fixture.admin, '/api/v1/organizations/delete-member', {
      organization_id: fixture.orgA.id,
      user_id: fixture.billing.id,
    });
    assert.equal(removed.statusCode, 200);
    assert.deepEqual(await organizationsOf(fixture.billing), []);
  });
});
