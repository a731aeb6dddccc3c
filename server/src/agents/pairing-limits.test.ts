/**
 * Abuse limits around pairing: the register-agent limiter (failed claims per user and per code;
 * per address only a flood of well-formed codes that claimed nothing) and the unclaimed identities /agent/connect stores.
 * Every request here comes from one address (127.0.0.1), like one office behind NAT.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signIn, type TestUser } from '../test/sign-in.js';
import { agentUrlOf, createAgentKeys, pairSimulatedAgent, SimulatedAgent } from '../test/simulated-agent.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { PAIRING_FLOOD_PER_ADDRESS } from './agent-service.js';

async function listening(env: Record<string, string> = {}): Promise<{ testApp: TestApp; url: string }> {
  const testApp = await createTestApp(env);
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  return { testApp, url: agentUrlOf(testApp.app) };
}

async function register(testApp: TestApp, user: TestUser, organizationId: string, code: string) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/v1/agents/register-agent',
    headers: user.headers,
    payload: { code, organization_id: organizationId },
  });
  return response.statusCode;
}

async function userWithOrganization(testApp: TestApp, email: string) {
  const user = await signIn(testApp.app, email);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/v1/organization/create-organization',
    headers: user.headers,
    payload: { name: `Org of ${email}` },
  });
  return { user, organizationId: (response.json() as { data: { id: string } }).data.id };
}

const pairingRows = async (testApp: TestApp) =>
  (await testApp.app.dockhand.db.selectFrom('agent_pairing_codes').select('code').execute()).length;

test('typos of colleagues behind one address do not lock the others out; each user has their own limit', async () => {
  const { testApp } = await listening();
  try {
    const typists = await Promise.all(
      [1, 2, 3, 4].map((n) => userWithOrganization(testApp, `typist${n}@office.test`)),
    );
    for (const { user, organizationId } of typists)
      for (let attempt = 0; attempt < 10; attempt++)
        assert.equal(await register(testApp, user, organizationId, 'not-a-code'), 400);
    // The typist's own limit is spent...
    assert.equal(await register(testApp, typists[0]!.user, typists[0]!.organizationId, 'not-a-code'), 429);
    // ...but a colleague from the same address pairs their server.
    const agent = new SimulatedAgent(await createAgentKeys());
    const colleague = await userWithOrganization(testApp, 'colleague@office.test');
    await pairSimulatedAgent(testApp.app, agent, colleague.user, colleague.organizationId);
    agent.close();
  } finally {
    await testApp.close();
  }
});

/** A well-formed code that no agent shows: the n-th, so each guess is a new code. */
function unusedCode(n: number): string {
  const alphabet = '3467ACDEFGHJKMNPQRTWXY9';
  let code = '';
  for (let rest = n, i = 0; i < 6; i++, rest = Math.floor(rest / alphabet.length))
    code += alphabet[rest % alphabet.length];
  return code;
}

test('failed guesses of several users behind one address do not refuse a new user their first valid claim', async () => {
  const { testApp } = await listening();
  try {
    const guessers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => userWithOrganization(testApp, `guesser${n}@office.test`)),
    );
    let guess = 0;
    for (const { user, organizationId } of guessers)
      for (let attempt = 0; attempt < 10; attempt++)
        assert.equal(await register(testApp, user, organizationId, unusedCode(guess++)), 400);
    // 50 failed claims from 127.0.0.1 (the first release refused the address after 30)...
    const agent = new SimulatedAgent(await createAgentKeys());
    const newcomer = await userWithOrganization(testApp, 'newcomer@office.test');
    // ...and the newcomer's first claim pairs their server.
    await pairSimulatedAgent(testApp.app, agent, newcomer.user, newcomer.organizationId);
    agent.close();
    // A successful claim counts nothing: the newcomer still has all ten attempts.
    for (let attempt = 0; attempt < 10; attempt++)
      assert.equal(await register(testApp, newcomer.user, newcomer.organizationId, unusedCode(guess++)), 400);
    assert.equal(await register(testApp, newcomer.user, newcomer.organizationId, unusedCode(guess++)), 429);
  } finally {
    await testApp.close();
  }
});

test('one code tried again and again from several accounts is refused', async () => {
  const { testApp } = await listening();
  try {
    const users = await Promise.all(
      [1, 2, 3].map((n) => userWithOrganization(testApp, `retrier${n}@office.test`)),
    );
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const { user, organizationId } = users[attempt % users.length]!;
      statuses.push(await register(testApp, user, organizationId, 'QQQQQQ'));
    }
    assert.deepEqual(statuses, [400, 400, 400, 400, 400, 429]);
    // Another code is still tried by the same users.
    assert.equal(await register(testApp, users[0]!.user, users[0]!.organizationId, 'QQQQQW'), 400);
  } finally {
    await testApp.close();
  }
});

test('a flood of failed claims from one address is refused with Retry-After and the time in the message', async () => {
  const { testApp } = await listening();
  try {
    const users = await Promise.all(
      [...Array(PAIRING_FLOOD_PER_ADDRESS / 10 + 1)].map((_, n) =>
        userWithOrganization(testApp, `flood${n}@example.test`),
      ),
    );
    let guess = 0;
    for (const { user, organizationId } of users.slice(0, -1))
      for (let attempt = 0; attempt < 10; attempt++)
        assert.equal(await register(testApp, user, organizationId, unusedCode(guess++)), 400);
    const last = users.at(-1)!;
    const refused = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/agents/register-agent',
      headers: last.user.headers,
      payload: { code: unusedCode(guess++), organization_id: last.organizationId },
    });
    assert.equal(refused.statusCode, 429);
    const retryAfter = Number(refused.headers['retry-after']);
    assert.ok(retryAfter > 9 * 60 && retryAfter <= 10 * 60, `Retry-After ${retryAfter}`);
    assert.deepEqual(refused.json(), {
      success: false,
      message: 'Too many attempts. Please try again in 10 minutes.',
    });
  } finally {
    await testApp.close();
  }
});

async function connectAll(url: string, count: number): Promise<SimulatedAgent[]> {
  const agents = await Promise.all(
    [...Array(count)].map(async () => new SimulatedAgent(await createAgentKeys())),
  );
  for (const agent of agents) {
    agent.connect(url);
    await agent.waitFor(() => agent.pairingCode !== null || agent.closeCode !== null);
  }
  return agents;
}

async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('unclaimed identities: five per address wait at once, the rest retry later; rows go when they disconnect', async () => {
  const { testApp, url } = await listening();
  try {
    const agents = await connectAll(url, 8);
    assert.equal(agents.filter((agent) => agent.pairingCode !== null).length, 5);
    assert.deepEqual(
      agents.filter((agent) => agent.pairingCode === null).map((agent) => agent.closeCode),
      [1013, 1013, 1013],
    );
    assert.equal(await pairingRows(testApp), 5);
    for (const agent of agents) agent.close();
    await eventually(async () => (await pairingRows(testApp)) === 0);
  } finally {
    await testApp.close();
  }
});

test('unclaimed identities from every address are capped (PAIRING_PENDING_LIMIT)', async () => {
  const { testApp, url } = await listening({ PAIRING_PENDING_LIMIT: '2' });
  try {
    const agents = await connectAll(url, 3);
    assert.deepEqual(
      agents.map((agent) => agent.closeCode),
      [null, null, 1013],
    );
    assert.equal(await pairingRows(testApp), 2);
    for (const agent of agents) agent.close();
  } finally {
    await testApp.close();
  }
});
