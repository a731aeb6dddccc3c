import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AppStatus } from 'contract';
import { insertTestApp } from '../test/fixtures.js';
import { signIn, type TestUser } from '../test/sign-in.js';
import { createAgentKeys, pairSimulatedAgent, SimulatedAgent } from '../test/simulated-agent.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let testApp: TestApp;
let owner: TestUser;
let agent: SimulatedAgent;
let agentId: string;

async function get(path: string) {
  const response = await testApp.app.inject({ method: 'GET', url: path, headers: owner.headers });
  assert.equal(response.statusCode, 200, response.body);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test reads varied payloads
  return response.json().data as any;
}

before(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  owner = await signIn(testApp.app, 'docker-health@example.com');
  const organization = await testApp.app.inject({
    method: 'POST',
    url: '/api/v1/organization/create-organization',
    headers: owner.headers,
    payload: { name: 'Docker health' },
  });
  agent = new SimulatedAgent(await createAgentKeys(), () => new Promise(() => undefined));
  agentId = await pairSimulatedAgent(testApp.app, agent, owner, organization.json().data.id);
  await insertTestApp(testApp.app, agentId, 'web');
});

after(async () => {
  agent.close();
  await testApp.close();
});

/** What the dashboard reads: the server's Docker flag, the app list's and the status poll's status. */
async function seen() {
  const [agents, apps, statuses] = await Promise.all([
    get('/api/v1/agents/get-agents-status'),
    get(`/api/v1/apps/get-apps?agent_id=${agentId}`),
    get(`/api/v1/apps/get-apps-status?agent_id=${agentId}`),
  ]);
  return {
    docker: agents.agents[0].is_docker_responding,
    listed: apps.apps[0].status,
    polled: statuses.apps[0].status,
  };
}

async function until(expected: Awaited<ReturnType<typeof seen>>) {
  for (let i = 0; i < 50; i += 1) {
    const now = await seen();
    if (JSON.stringify(now) === JSON.stringify(expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.deepEqual(await seen(), expected);
}

test('while the agent says Docker is not responding, its apps read Unknown (not a stale Active), and come back', async () => {
  agent.send({ type: 'app-status', apps: [{ app_id: 'web', status: AppStatus.Active }] });
  await until({ docker: true, listed: AppStatus.Active, polled: AppStatus.Active });

  agent.send({ type: 'docker-status', is_responding: false });
  await until({ docker: false, listed: AppStatus.Unknown, polled: AppStatus.Unknown });
  // Controls are refused with the reason, without asking an agent whose Docker cannot act.
  const control = await testApp.app.inject({
    method: 'POST',
    url: `/api/v1/apps/control-app?agent_id=${agentId}`,
    headers: owner.headers,
    payload: { app_id: 'web', action: 'stopped' },
  });
  assert.equal(control.statusCode, 409);
  assert.equal(control.json().message, 'Docker is not responding on this server');
  assert.equal(
    (await get(`/api/v1/apps/get-apps-status`)).apps.find((app: { app_id: string }) => app.app_id === 'web')
      .status,
    AppStatus.Unknown,
    'the all-servers poll too',
  );

  // The agent reports the engine back (and its statuses afresh): the last reported status shows again.
  agent.send({ type: 'docker-status', is_responding: true });
  await until({ docker: true, listed: AppStatus.Active, polled: AppStatus.Active });
});
