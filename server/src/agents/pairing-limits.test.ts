/**
 * Abuse limits around pairing: the register-agent limiter (per user first; per address only
 * well-formed codes that claimed nothing) and the unclaimed identities /agent/connect stores.
 * Every request here comes from one address (127.0.0.1), like one office behind NAT.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signIn, type TestUser } from '../test/sign-in.js';
import { agentUrlOf, createAgentKeys, pairSimulatedAgent, SimulatedAgent } from '../test/simulated-agent.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

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

test('well-formed codes that claim nothing still count per address', async () => {
  const { testApp } = await listening();
  try {
    const guessers = await Promise.all(
      [1, 2, 3].map((n) => userWithOrganization(testApp, `guesser${n}@office.test`)),
    );
    for (const { user, organizationId } of guessers)
      for (let attempt = 0; attempt < 10; attempt++)
        assert.equal(await register(testApp, user, organizationId, 'QQQQQQ'), 400);
    const next = await userWithOrganization(testApp, 'next@office.test');
    assert.equal(await register(testApp, next.user, next.organizationId, 'QQQQQQ'), 429);
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
