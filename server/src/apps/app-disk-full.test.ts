/**
 * A full disk during create-app (issue 15, SQLite only: a size-limited database file): the answer
 * names the full disk, and what the agent holds matches the server's records afterwards (an app
 * deployed before its record could be saved is undone), so nothing runs that nobody sees.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { AppDeployment } from 'contract';
import { sql } from 'kysely';
import { setAgentPlan } from '../agents/agent-store.js';
import { signIn, type TestUser } from '../test/sign-in.js';
import { createAgentKeys, pairSimulatedAgent, SimulatedAgent } from '../test/simulated-agent.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

if (!process.env.TEST_DATABASE_URL) {
  let testApp: TestApp;
  let owner: TestUser;
  let agent: SimulatedAgent;
  let agentId: string;
  const holds = new Map<string, AppDeployment>();

  const call = async (path: string, body: object) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: path,
      headers: owner.headers,
      payload: body,
    });
    return { status: response.statusCode, ...(response.json() as { message: string }) };
  };

  before(async () => {
    testApp = await createTestApp();
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    owner = await signIn(testApp.app, 'disk-full-owner@example.com');
    const organization = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/organization/create-organization',
      headers: owner.headers,
      payload: { name: 'Full disk' },
    });
    agent = new SimulatedAgent(await createAgentKeys(), (method, raw) => {
      const params = raw as { deployment?: AppDeployment; app_id?: string };
      if (method === 'app.deploy' && params.deployment) {
        holds.set(params.deployment.app_id, params.deployment);
        return { app_id: params.deployment.app_id, status: 1 };
      }
      if (method === 'app.delete') return { deleted: holds.delete(String(params.app_id)) };
      throw new Error(`unexpected ${method}`);
    });
    agentId = await pairSimulatedAgent(testApp.app, agent, owner, organization.json().data.id);
    await setAgentPlan(testApp.app.dockhand.db, agentId, { status: 'free', source: null });
  });

  after(async () => {
    agent.close();
    await testApp.close();
  });

  test('create-app on a full disk answers 507 naming it, and the agent keeps only apps the server records', async () => {
    const db = testApp.app.dockhand.db;
    const pages = await sql<{ page_count: number }>`pragma page_count`.execute(db);
    await sql.raw(`pragma max_page_count = ${pages.rows[0]!.page_count + 4}`).execute(db);
    let refused: { status: number; message: string } | null = null;
    for (let i = 0; i < 300 && !refused; i += 1) {
      const answer = await call(`/api/v1/apps/create-app?agent_id=${agentId}`, {
        config: {
          name: `app-${i}`,
          files: [{ id: 'f', filename: 'compose.yml', is_encrypted: false, type: 'user' }],
          variables: [],
        },
        files: { f: `services: {}\n# ${'x'.repeat(400)}\n` },
        variables: {},
      });
      if (answer.status !== 200) refused = answer;
    }
    assert.ok(refused, 'the disk never filled');
    assert.equal(refused.status, 507);
    assert.match(refused.message, /disk is full/);

    const recorded = async () =>
      (await db.selectFrom('apps').select('id').where('agent_id', '=', agentId).execute())
        .map((row) => row.id)
        .sort();
    const deadline = Date.now() + 5000;
    while (JSON.stringify([...holds.keys()].sort()) !== JSON.stringify(await recorded())) {
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.deepEqual([...holds.keys()].sort(), await recorded());
    assert.ok(holds.size > 0);
  });
}
