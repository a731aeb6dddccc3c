import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setAgentPlan } from '../agents/agent-store.js';
import { signIn, type TestUser } from '../test/sign-in.js';
import {
  agentUrlOf,
  createAgentKeys,
  pairSimulatedAgent,
  SimulatedAgent,
  type AgentKeys,
} from '../test/simulated-agent.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { CloseCode } from 'contract';

let testApp: TestApp;
let url: string;
let owner: TestUser;
let stranger: TestUser;
let organizationId: string;
let keys: AgentKeys;

async function call(user: TestUser, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await testApp.app.inject({
    method,
    url: path,
    headers: user.headers,
    payload: body as object,
  });
  return {
    status: response.statusCode,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test reads varied payloads
    body: response.json() as { success: boolean; message: string; data?: any },
  };
}

before(async () => {
  testApp = await createTestApp({
    AGENT_REQUEST_TIMEOUT_MS: '300',
    AGENT_DEPLOY_TIMEOUT_MS: '300',
    AGENT_HANDSHAKE_TIMEOUT_MS: '2000',
  });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  url = agentUrlOf(testApp.app);
  owner = await signIn(testApp.app, 'owner@example.com');
  stranger = await signIn(testApp.app, 'stranger@example.com');
  organizationId = (await call(owner, 'POST', '/api/v1/organization/create-organization', { name: 'Acme' }))
    .body.data.id;
  keys = await createAgentKeys();
});

after(async () => {
  await testApp.close();
});

test('pairing: a new agent gets a code; a wrong, foreign or reused code is refused; the right one pairs it', async () => {
  const agent = new SimulatedAgent(keys, (method) =>
    method === 'network.list' ? [{ name: 'frontend' }] : new Promise(() => undefined),
  );
  agent.connect(url);
  await agent.waitFor(() => agent.pairingCode !== null);
  assert.match(agent.pairingCode ?? '', /^[3467ACDEFGHJKMNPQRTWXY9]{6}$/);
  const code = agent.pairingCode ?? '';

  const wrong = await call(owner, 'POST', '/api/v1/agents/register-agent', {
    code: 'AAAAAA',
    organization_id: organizationId,
  });
  assert.equal(wrong.status, 400);
  assert.match(wrong.body.message, /Invalid or expired code/);
  const foreign = await call(stranger, 'POST', '/api/v1/agents/register-agent', {
    code,
    organization_id: organizationId,
  });
  assert.equal(foreign.status, 403);

  const typed = `${code.slice(0, 3).toLowerCase()}-${code.slice(3)}`;
  const paired = await call(owner, 'POST', '/api/v1/agents/register-agent', {
    code: typed,
    organization_id: organizationId,
  });
  assert.equal(paired.status, 200, paired.body.message);
  const registered = paired.body.data.agent;
  assert.deepEqual(Object.keys(registered).sort(), [
    'capabilities',
    'certificate',
    'features',
    'id',
    'last_seen',
    'name',
    'organization_id',
    'subscription_status',
  ]);
  assert.equal(registered.organization_id, organizationId);
  assert.equal(registered.certificate.trim(), keys.certificatePem.trim());
  await agent.waitFor(() => agent.agentId === registered.id);

  const reused = await call(owner, 'POST', '/api/v1/agents/register-agent', {
    code,
    organization_id: organizationId,
  });
  assert.equal(reused.status, 400);

  const statuses = await call(owner, 'GET', '/api/v1/agents/get-agents-status');
  assert.deepEqual(statuses.body.data.agents, [
    { agent_id: registered.id, status: 1, is_docker_responding: true },
  ]);
  assert.deepEqual((await call(stranger, 'GET', '/api/v1/agents/get-agents')).body.data.agents, []);

  agent.send({
    type: 'report',
    capabilities: [{ name: 'agent_version', value: '9.9.9' }],
    features: [{ name: 'app_logs', is_enabled: true }],
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  const listed = (await call(owner, 'GET', '/api/v1/agents/get-agents')).body.data.agents;
  assert.deepEqual(listed[0].capabilities, [{ name: 'agent_version', value: '9.9.9' }]);
  assert.deepEqual(listed[0].features, [{ name: 'app_logs', is_enabled: true }]);

  // Requests reach the agent; an agent that never answers gives a clear timeout.
  const networks = await call(owner, 'GET', `/api/v1/networks/get-networks?agent_id=${registered.id}`);
  assert.deepEqual(networks.body.data.networks, [{ name: 'frontend' }]);
  const slow = await call(owner, 'POST', '/api/v1/networks/create-network', {
    agent_id: registered.id,
    name: 'backend',
  });
  assert.equal(slow.status, 504);
  assert.match(slow.body.message, /did not answer in time/);
  assert.equal(
    (await call(stranger, 'GET', `/api/v1/networks/get-networks?agent_id=${registered.id}`)).status,
    404,
  );

  // Rename rules of spec section 5.
  const rename = (body: object) => call(owner, 'POST', '/api/v1/agents/rename-agent', body);
  assert.equal((await rename({ name: 'abc' })).body.message, 'Server ID is required');
  assert.equal(
    (await rename({ agent_id: registered.id, name: ' ' })).body.message,
    'Server name is required',
  );
  assert.equal(
    (await rename({ agent_id: registered.id, name: ' ab ' })).body.message,
    'Server name must have at least 3 characters',
  );
  assert.equal((await rename({ agent_id: registered.id, name: 'web-1' })).body.data.agent.name, 'web-1');

  // Deleting needs the server offline; then its certificate can never connect again.
  const online = await call(owner, 'POST', '/api/v1/agents/delete-agent', { agent_id: registered.id });
  assert.equal(online.status, 409);
  agent.close();
  await agent.waitFor(() => agent.closeCode !== null);
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.deepEqual((await call(owner, 'GET', '/api/v1/agents/get-agents-status')).body.data.agents, [
    { agent_id: registered.id, status: 0, is_docker_responding: false },
  ]);
  const offline = await call(owner, 'GET', `/api/v1/networks/get-networks?agent_id=${registered.id}`);
  assert.equal(offline.status, 409);
  assert.equal(offline.body.message, 'Agent is offline');
  assert.equal(
    (await call(owner, 'POST', '/api/v1/agents/delete-agent', { agent_id: registered.id })).status,
    200,
  );
  agent.connect(url);
  await agent.waitFor(() => agent.closeCode !== null);
  assert.equal(agent.closeCode, CloseCode.Revoked);
});

test('an agent that cannot prove its key is refused; expired codes are refused; guessing is rate limited', async () => {
  const impostor = new SimulatedAgent({
    certificatePem: keys.certificatePem,
    privateKey: (await createAgentKeys()).privateKey,
  });
  impostor.connect(url);
  await impostor.waitFor(() => impostor.closeCode !== null);
  assert.equal(impostor.closeCode, CloseCode.Revoked); // the certificate above was revoked by deletion

  const fresh = await createAgentKeys();
  const liar = new SimulatedAgent({
    certificatePem: fresh.certificatePem,
    privateKey: (await createAgentKeys()).privateKey,
  });
  liar.connect(url);
  await liar.waitFor(() => liar.closeCode !== null);
  assert.equal(liar.closeCode, CloseCode.AuthFailed);
  assert.equal(liar.pairingCode, null);

  const waiting = new SimulatedAgent(fresh);
  waiting.connect(url);
  await waiting.waitFor(() => waiting.pairingCode !== null);
  await testApp.app.dockhand.db
    .updateTable('agent_pairing_codes')
    .set({ expires_at: Date.now() - 1 })
    .execute();
  const expired = await call(owner, 'POST', '/api/v1/agents/register-agent', {
    code: waiting.pairingCode,
    organization_id: organizationId,
  });
  assert.match(expired.body.message, /Invalid or expired code/);
  waiting.close();

  let last = 0;
  for (let attempt = 0; attempt < 12; attempt++) {
    last = (
      await call(owner, 'POST', '/api/v1/agents/register-agent', {
        code: 'QQQQQQ',
        organization_id: organizationId,
      })
    ).status;
  }
  assert.equal(last, 429);
});

test('a message from a newer agent is ignored; a message that breaks the contract closes the connection', async () => {
  const agent = new SimulatedAgent(await createAgentKeys());
  agent.connect(url);
  await agent.waitFor(() => agent.pairingCode !== null);
  agent.socket?.send(JSON.stringify({ type: 'container-metrics', app_id: 'a1', cpu: 0.5 }));
  agent.socket?.send(JSON.stringify({ type: 'proof', signature: 'late, ignored' }));
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal(agent.closeCode, null);

  agent.socket?.send(JSON.stringify({ type: 'app-status', apps: [{ app_id: 'a1', status: 'running' }] }));
  await agent.waitFor(() => agent.closeCode !== null);
  assert.equal(agent.closeCode, CloseCode.AuthFailed);
});

test('a deploy the agent never answers times out and leaves no app on the server', async () => {
  const calls: string[] = [];
  const agent = new SimulatedAgent(await createAgentKeys(), (method) => {
    calls.push(method);
    return method === 'app.deploy' ? new Promise(() => undefined) : { deleted: true };
  });
  // A fresh user: the owner above used up its pairing attempts in the rate-limit test.
  const deployer = await signIn(testApp.app, 'deployer@example.com');
  const organization = (
    await call(deployer, 'POST', '/api/v1/organization/create-organization', { name: 'Deployers' })
  ).body.data.id;
  const agentId = await pairSimulatedAgent(testApp.app, agent, deployer, organization);
  const unpaid = await call(deployer, 'POST', `/api/v1/apps/create-app?agent_id=${agentId}`, {
    config: { name: 'app', files: [], variables: [] },
  });
  assert.equal(unpaid.status, 402);
  await setAgentPlan(testApp.app.dockhand.db, agentId, { status: 'free', source: null });
  const body = {
    config: {
      name: 'slow-app',
      files: [{ id: 'f', filename: 'compose.yml', is_encrypted: false, type: 'user' }],
      variables: [],
    },
    files: { f: 'services: {}' },
    variables: {},
  };
  const created = await call(deployer, 'POST', `/api/v1/apps/create-app?agent_id=${agentId}`, body);
  assert.equal(created.status, 504);
  assert.match(created.body.message, /did not answer in time \(app\.deploy/);
  assert.deepEqual(
    (await call(deployer, 'GET', `/api/v1/apps/get-apps?agent_id=${agentId}`)).body.data.apps,
    [],
  );
  await agent.waitFor(() => calls.includes('app.delete'));
  const duplicate = await call(stranger, 'GET', `/api/v1/apps/get-apps?agent_id=${agentId}`);
  assert.equal(duplicate.status, 404);
  agent.close();
});

test('agent calls need an authenticated user', async () => {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/agents/get-agents' });
  assert.equal(response.statusCode, 401);
  assert.equal(response.json().message, 'Not authenticated');
});
