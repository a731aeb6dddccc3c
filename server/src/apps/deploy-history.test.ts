/**
 * An app's deploy history (issue 14), against a simulated agent that prints compose output: each
 * deploy is listed with who, action, version, result and duration, its output is readable after
 * the fact, a failed deploy's answer names its entry, an app keeps its last 50, and the history of
 * an app that still exists outlives the pruning of old operations.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { DEPLOY_HISTORY_LIMIT, newAppId } from 'contract';
import { setAgentPlan } from '../agents/agent-store.js';
import { OperationLog } from '../operations/operation-log.js';
import { customAppBody } from '../test/fixtures.js';
import { startWithDeployingAgent, type DeployingAgent } from '../test/deploying-agent.js';
import { callAs, stopPairedAgent } from '../test/paired-agent.js';
import {
  AgentFailure,
  createAgentKeys,
  pairSimulatedAgent,
  SimulatedAgent,
} from '../test/simulated-agent.js';
import type { TestUser } from '../test/sign-in.js';
import type { TestApp } from '../test/test-app.js';

let setup: DeployingAgent;
let testApp: TestApp;
let owner: TestUser;
let agentId: string;

const call = (method: 'GET' | 'POST', path: string, body?: object) =>
  callAs(testApp, owner, method, path, body);

const create = async (name: string): Promise<string> => {
  const answer = await call(
    'POST',
    `/api/v1/apps/create-app?agent_id=${agentId}`,
    customAppBody({ name, version: '1.0' }),
  );
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
  setup = await startWithDeployingAgent({
    email: 'history-owner@example.com',
    name: 'Hanna History',
    organization: 'History',
  });
  ({ testApp, owner, agentId } = setup);
});

beforeEach(() => setup.failNext(null));

after(() => stopPairedAgent(setup));

test('each deploy is listed newest first with who, action, version, result, duration and its output', async () => {
  const appId = await create('history-app');
  const update = (version: string) =>
    call('POST', `/api/v1/apps/update-app?agent_id=${agentId}`, customAppBody({ id: appId, version }));
  assert.equal((await update('1.0')).status, 200);
  assert.equal((await update('2.0')).status, 200);
  assert.equal((await control(appId, 'start')).status, 200);
  assert.equal((await control(appId, 'stop', 'stopped')).status, 200);
  assert.equal((await control(appId, 'update')).status, 200);

  setup.failNext(
    new AgentFailure('Service web: the image cannot be pulled', '$ docker compose up -d\nmanifest unknown'),
  );
  const failed = await control(appId, 'redeploy');
  assert.notEqual(failed.status, 200);
  assert.match(failed.message, /Service web: the image cannot be pulled/);
  assert.ok(failed.operation_id, 'the failure names its history entry');

  const deploys = await history(appId);
  // Stop deploys nothing and is listed too: every control's outcome is in the history.
  assert.deepEqual(
    deploys.map((deploy) => deploy.action),
    ['redeploy', 'update', 'stop', 'start', 'version', 'configure', 'create'],
  );
  assert.deepEqual(
    deploys.map((deploy) => deploy.version),
    ['2.0', '2.0', '2.0', '2.0', '2.0', '1.0', '1.0'],
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
  setup.failNext(
    new AgentFailure(
      'Service web: its image could not be built: step 2/2 (RUN make) failed with exit code 2',
      '$ docker compose up -d\nStep 2/2 : RUN make\nmake: *** No rule to make target',
    ),
  );
  const failed = await call(
    'POST',
    `/api/v1/apps/create-app?agent_id=${agentId}`,
    customAppBody({ name: 'history-never', version: '1.0' }),
  );
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

/** A create with the dashboard's own app id (contract app-id.ts), as the create page sends it. */
const createWithId = (appId: unknown, name: string, compose = 'services: {}\n') =>
  call(
    'POST',
    `/api/v1/apps/create-app?agent_id=${agentId}`,
    customAppBody({ id: appId, name, version: '1.0' }, compose),
  );

/** A failed create is undone on the agent after its answer; a retry waits for that. */
async function undoneOnAgent(operationId: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const row = await testApp.app.dockhand.db
      .selectFrom('app_operations')
      .select('state')
      .where('id', '=', operationId)
      .executeTakeFirstOrThrow();
    if (row.state === 'failed') return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.fail(`operation ${operationId} was not undone`);
}

test('a failed create, fixed and sent again with its app id, is one app with both attempts in its history', async () => {
  const appId = newAppId();
  setup.failNext(
    new AgentFailure(
      'Service web: the compose file is invalid: services.web.image must be a string',
      '$ docker compose up -d\nservices.web.image contains an invalid type',
    ),
  );
  const failed = await createWithId(appId, 'history-retry', 'services:\n  web:\n    image: [1]\n');
  assert.notEqual(failed.status, 200);
  await undoneOnAgent(String(failed.operation_id));

  const fixed = await createWithId(appId, 'history-retry');
  assert.equal(fixed.status, 200, fixed.message);
  assert.equal(fixed.data.id, appId, 'the retry is the same app');
  const deploys = await history(appId);
  assert.deepEqual(
    deploys.map((deploy) => [deploy.action, deploy.result]),
    [
      ['create', 'succeeded'],
      ['create', 'failed'],
    ],
  );
  assert.equal(deploys[1]!.id, failed.operation_id);
  assert.match(String(deploys[1]!.message), /services\.web\.image must be a string/);
  assert.match((await output(appId, String(failed.operation_id))).data.output, /invalid type/);
});

test("a proposed app id is refused when it is not a UUID, when an app has it, or when it was a deleted app's", async () => {
  const invalid = await createWithId('my-own-id', 'history-invalid-id');
  assert.equal(invalid.status, 400);
  assert.equal(invalid.message, 'App ID must be a lowercase UUID (version 4)');

  const existing = await create('history-existing');
  const taken = await createWithId(existing, 'history-taken-id');
  assert.equal(taken.status, 400);
  assert.equal(taken.message, 'This app ID is already in use');

  const deleted = await create('history-gone');
  assert.equal(
    (await call('POST', `/api/v1/apps/delete-app?agent_id=${agentId}`, { app_id: deleted })).status,
    200,
  );
  const reused = await createWithId(deleted, 'history-gone-again');
  assert.equal(reused.status, 400, "a deleted app's history is not handed to a new app");
  assert.equal(reused.message, 'This app ID is already in use');
  assert.equal((await history(existing)).length, 1, 'nothing was recorded for the refusals');
});

test("a failed create's app id cannot be taken over on another server, even by the same user", async () => {
  const appId = newAppId();
  setup.failNext(new AgentFailure('Service web: the image cannot be pulled', 'manifest unknown'));
  const failed = await createWithId(appId, 'history-elsewhere');
  assert.notEqual(failed.status, 200);
  await undoneOnAgent(String(failed.operation_id));

  const otherAgent = new SimulatedAgent(await createAgentKeys(), (_method, raw) => {
    const params = raw as { deployment: { app_id: string } };
    return { app_id: params.deployment.app_id, status: 1, output: '' };
  });
  try {
    const organizationId = (
      await call('POST', '/api/v1/organization/create-organization', { name: 'History Three' })
    ).data.id as string;
    const otherId = await pairSimulatedAgent(testApp.app, otherAgent, owner, organizationId);
    await setAgentPlan(testApp.app.dockhand.db, otherId, { status: 'free', source: null });
    const elsewhere = await call(
      'POST',
      `/api/v1/apps/create-app?agent_id=${otherId}`,
      customAppBody({ id: appId, name: 'history-elsewhere' }),
    );
    assert.equal(elsewhere.status, 400);
    assert.equal(elsewhere.message, 'This app ID is already in use');
  } finally {
    otherAgent.close();
  }
});

test('an install takes the app id the dashboard proposes, so its page can watch the deploy by it', async () => {
  const appId = newAppId();
  const installed = await call('POST', `/api/v1/catalog/install-app?agent_id=${agentId}`, {
    app_id: appId,
    name: 'history-install',
    template_id: 'caddy',
  });
  assert.equal(installed.status, 200, installed.message);
  assert.equal(installed.data.id, appId);
  assert.deepEqual(
    (await history(appId)).map((deploy) => deploy.action),
    ['install'],
  );
  const again = await call('POST', `/api/v1/catalog/install-app?agent_id=${agentId}`, {
    app_id: appId,
    name: 'history-install-again',
    template_id: 'caddy',
  });
  assert.deepEqual([again.status, again.message], [400, 'This app ID is already in use']);
});
