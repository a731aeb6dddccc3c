/**
 * An app's deploy history (issue 14), against a simulated agent that prints compose output: each
 * deploy is listed with who, action, version, result and duration, its output is readable after
 * the fact, a failed deploy's answer names its entry, an app keeps its last 50, and the history of
 * an app that still exists outlives the pruning of old operations.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { DEPLOY_HISTORY_LIMIT } from 'contract';
import { setAgentPlan } from '../agents/agent-store.js';
import { OperationLog } from '../operations/operation-log.js';
import { signIn, type TestUser } from '../test/sign-in.js';
import {
  AgentFailure,
  createAgentKeys,
  pairSimulatedAgent,
  SimulatedAgent,
} from '../test/simulated-agent.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let testApp: TestApp;
let owner: TestUser;
let agent: SimulatedAgent;
let agentId: string;
/** Set by a test: the next control fails with this text and output. */
let failNext: AgentFailure | null = null;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test reads varied payloads
type Answer = { status: number; success: boolean; message: string; operation_id?: string; data?: any };

async function call(method: 'GET' | 'POST', path: string, body?: object): Promise<Answer> {
  const response = await testApp.app.inject({ method, url: path, headers: owner.headers, payload: body });
  return { status: response.statusCode, ...(response.json() as Omit<Answer, 'status'>) };
}

const appFiles = {
  files: [{ id: 'f', filename: 'compose.yml', is_encrypted: false, type: 'user' }],
  variables: [],
};
const create = async (name: string): Promise<string> => {
  const answer = await call('POST', `/api/v1/apps/create-app?agent_id=${agentId}`, {
    config: { name, version: '1.0', ...appFiles },
    files: { f: 'services: {}\n' },
    variables: {},
  });
  assert.equal(answer.status, 200, answer.message);
  return answer.data.id as string;
};
const control = (appId: string, operation: string, action = 'active') =>
  call('POST', `/api/v1/apps/control-app?agent_id=${agentId}`, { app_id: appId, action, operation });
const history = async (appId: string) => {
  const answer = await call('GET', `/api/v1/apps/get-deploy-history?agent_id=${agentId}&app_id=${appId}`);
  assert.equal(answer.status, 200, answer.message);
  return answer.data.deploys as Array<Record<string, unknown>>;
};
const output = (appId: string, deployId: string) =>
  call('GET', `/api/v1/apps/get-deploy-output?agent_id=${agentId}&app_id=${appId}&deploy_id=${deployId}`);

before(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  owner = await signIn(testApp.app, 'history-owner@example.com', 'Hanna History');
  const organizationId = (await call('POST', '/api/v1/organization/create-organization', { name: 'History' }))
    .data.id as string;
  agent = new SimulatedAgent(await createAgentKeys(), (method, raw) => {
    const params = raw as { app_id?: string; operation?: string; deployment?: { app_id: string } };
    if (failNext) {
      const failure = failNext;
      failNext = null;
      throw failure;
    }
    const appId = params.deployment?.app_id ?? params.app_id;
    const printed = `$ docker compose ${method === 'app.delete' ? 'down' : 'up -d'}\n ✔ Container web  Started`;
    if (method === 'app.delete') return { deleted: true, output: printed };
    return { app_id: appId, status: 1, output: printed };
  });
  agentId = await pairSimulatedAgent(testApp.app, agent, owner, organizationId);
  await setAgentPlan(testApp.app.dockhand.db, agentId, { status: 'free', source: null });
});

beforeEach(() => {
  failNext = null;
});

after(async () => {
  agent.close();
  await testApp.close();
});

test('each deploy is listed newest first with who, action, version, result, duration and its output', async () => {
  const appId = await create('history-app');
  const update = (version: string) =>
    call('POST', `/api/v1/apps/update-app?agent_id=${agentId}`, {
      config: { id: appId, version, ...appFiles },
      files: { f: 'services: {}\n' },
      variables: {},
    });
  assert.equal((await update('1.0')).status, 200);
  assert.equal((await update('2.0')).status, 200);
  assert.equal((await control(appId, 'start')).status, 200);
  assert.equal((await control(appId, 'stop', 'stopped')).status, 200);
  assert.equal((await control(appId, 'update')).status, 200);

  failNext = new AgentFailure(
    'Service web: the image cannot be pulled',
    '$ docker compose up -d\nmanifest unknown',
  );
  const failed = await control(appId, 'redeploy');
  assert.notEqual(failed.status, 200);
  assert.match(failed.message, /Service web: the image cannot be pulled/);
  assert.ok(failed.operation_id, 'the failure names its history entry');

  const deploys = await history(appId);
  // Stop changes no deployment: it is not a deploy.
  assert.deepEqual(
    deploys.map((deploy) => deploy.action),
    ['redeploy', 'update', 'start', 'version', 'configure', 'create'],
  );
  assert.deepEqual(
    deploys.map((deploy) => deploy.version),
    ['2.0', '2.0', '2.0', '2.0', '1.0', '1.0'],
  );
  const [redeploy, ...rest] = deploys;
  assert.equal(redeploy!.id, failed.operation_id);
  assert.equal(redeploy!.result, 'failed');
  assert.match(String(redeploy!.message), /the image cannot be pulled/);
  for (const deploy of rest) {
    assert.equal(deploy.result, 'succeeded');
    assert.equal(deploy.message, null);
  }
  for (const deploy of deploys) {
    assert.equal(deploy.user, 'Hanna History');
    assert.ok(typeof deploy.duration_ms === 'number' && deploy.duration_ms >= 0);
    assert.ok(Number(deploy.output_chars) > 0);
  }

  const failedOutput = await output(appId, String(failed.operation_id));
  assert.equal(failedOutput.data.output, '$ docker compose up -d\nmanifest unknown');
  const created = await output(appId, String(deploys.at(-1)!.id));
  assert.match(created.data.output, /Container web {2}Started/);
});

test("another app's deploy, or one that does not exist, is not found", async () => {
  const first = await create('history-first');
  const second = await create('history-second');
  const [secondCreate] = await history(second);
  assert.equal((await output(first, String(secondCreate!.id))).status, 404);
  const missing = await output(first, 'no-such-deploy');
  assert.equal(missing.status, 404);
  assert.equal(missing.message, "This deploy is not in the app's history");
});

test("a failed create's output is read by its deploy id alone (no app is left to name), on its own server only", async () => {
  failNext = new AgentFailure(
    'Service web: its image could not be built: step 2/2 (RUN make) failed with exit code 2',
    '$ docker compose up -d\nStep 2/2 : RUN make\nmake: *** No rule to make target',
  );
  const failed = await call('POST', `/api/v1/apps/create-app?agent_id=${agentId}`, {
    config: { name: 'history-never', version: '1.0', ...appFiles },
    files: { f: 'services: {}\n' },
    variables: {},
  });
  assert.notEqual(failed.status, 200);
  assert.ok(failed.operation_id, 'the failure names its deploy');
  const read = (agent: string) =>
    call('GET', `/api/v1/apps/get-deploy-output?agent_id=${agent}&deploy_id=${failed.operation_id}`);
  const answer = await read(agentId);
  assert.equal(answer.status, 200, answer.message);
  assert.match(answer.data.output, /No rule to make target/);

  const otherAgent = new SimulatedAgent(await createAgentKeys(), () => ({}));
  try {
    const organizationId = (
      await call('POST', '/api/v1/organization/create-organization', { name: 'History Two' })
    ).data.id as string;
    const otherId = await pairSimulatedAgent(testApp.app, otherAgent, owner, organizationId);
    const elsewhere = await read(otherId);
    assert.equal(elsewhere.status, 404, "another server's deploy is not found");
    assert.equal(elsewhere.message, "This deploy is not in the app's history");
  } finally {
    otherAgent.close();
  }
});

test(`an app keeps its last ${DEPLOY_HISTORY_LIMIT} deploys`, async () => {
  const appId = await create('history-long');
  for (let index = 0; index < DEPLOY_HISTORY_LIMIT + 2; index += 1)
    assert.equal((await control(appId, 'redeploy')).status, 200);
  const deploys = await history(appId);
  assert.equal(deploys.length, DEPLOY_HISTORY_LIMIT);
  assert.ok(
    deploys.every((deploy) => deploy.action === 'redeploy'),
    'the oldest (the create) went first',
  );
  const rows = await testApp.app.dockhand.db
    .selectFrom('app_operations')
    .select('id')
    .where('app_id', '=', appId)
    .execute();
  assert.equal(rows.length, DEPLOY_HISTORY_LIMIT, 'trimmed in the database, not only in the answer');
});

test("pruning old operations keeps the history of apps that exist, and drops a deleted app's", async () => {
  const kept = await create('history-kept');
  const deleted = await create('history-deleted');
  assert.equal(
    (await call('POST', `/api/v1/apps/delete-app?agent_id=${agentId}`, { app_id: deleted })).status,
    200,
  );
  const monthLater = Date.now() + 30 * 24 * 60 * 60 * 1000;
  await new OperationLog(testApp.app.dockhand.db, () => undefined).prune(monthLater);
  assert.deepEqual(
    (await history(kept)).map((deploy) => deploy.action),
    ['create'],
  );
  const left = await testApp.app.dockhand.db
    .selectFrom('app_operations')
    .select('action')
    .where('app_id', '=', deleted)
    .execute();
  assert.deepEqual(left, []);
});
