/**
 * Operations are idempotent and resumable (issue 15), against a simulated agent: a retry with the
 * same Idempotency-Key runs nothing twice, an undo that could not reach the agent is completed when
 * it reconnects, interrupted operations are finished or rolled back by the written rules, and the
 * inventory shows apps found on the server and records whose app is missing.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, beforeEach, test } from 'node:test';
import { deploymentDigest, type AppDeployment, type InventoryEntry, type OperationStatus } from 'contract';
import { setAgentPlan } from '../agents/agent-store.js';
import { insertOperation } from '../operations/operation-store.js';
import { customApp } from '../test/fixtures.js';
import { signIn, type TestUser } from '../test/sign-in.js';
import {
  agentUrlOf,
  createAgentKeys,
  pairSimulatedAgent,
  SimulatedAgent,
  type AgentKeys,
} from '../test/simulated-agent.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { findApp } from './app-store.js';

let testApp: TestApp;
let owner: TestUser;
let organizationId: string;
let keys: AgentKeys;
let agent: SimulatedAgent;
let agentId: string;
/** Every request the simulated agent received, and what it holds (its inventory). */
let received: Array<{ method: string; params: Record<string, unknown> }>;
let holds: Map<string, AppDeployment>;
/** What the agent's journal answers to operation.status, by operation id (else 'unknown'). */
const journal = new Map<string, OperationStatus>();
/** Set by a test to change how the agent answers. */
let answer: ((method: string, params: Record<string, unknown>) => unknown) | null;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test reads varied payloads
type Answer = { status: number; success: boolean; message: string; data?: any };

async function call(method: 'GET' | 'POST', path: string, body?: object, key?: string): Promise<Answer> {
  const response = await testApp.app.inject({
    method,
    url: path,
    headers: { ...owner.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
  return { status: response.statusCode, ...(response.json() as Omit<Answer, 'status'>) };
}

const inventory = (): InventoryEntry[] =>
  [...holds.values()].map((d) => ({
    app_id: d.app_id,
    project: `p-${d.project}`,
    digest: deploymentDigest(d),
  }));

function simulatedAgent(): SimulatedAgent {
  const simulated = new SimulatedAgent(keys, async (method, raw) => {
    const params = raw as Record<string, unknown>;
    received.push({ method, params });
    const scripted = answer?.(method, params);
    if (scripted !== undefined) return scripted;
    if (method === 'app.deploy') {
      const deployment = params.deployment as AppDeployment;
      holds.set(deployment.app_id, deployment);
      return { app_id: deployment.app_id, status: 1 };
    }
    if (method === 'app.delete') return { deleted: holds.delete(String(params.app_id)) };
    if (method === 'app.export') return holds.get(String(params.app_id));
    if (method === 'app.control') return { app_id: params.app_id, status: 1 };
    // Every app the agent holds runs (status 1, Active).
    if (method === 'app.statuses') return [...holds.keys()].map((app_id) => ({ app_id, status: 1 }));
    if (method === 'operation.status')
      return journal.get(String(params.operation_id)) ?? { state: 'unknown' };
    throw new Error(`unexpected ${method}`);
  });
  return simulated;
}

/** (Re)connects the agent and sends its inventory, as the real agent does after welcome. */
async function connectAgent(): Promise<void> {
  agent?.close();
  agent = simulatedAgent();
  agent.connect(agentUrlOf(testApp.app));
  await agent.waitFor(() => agent.agentId !== null);
  agent.send({ type: 'inventory', apps: inventory() });
}

const create = (name: string, key?: string) =>
  call('POST', `/api/v1/apps/create-app?agent_id=${agentId}`, customApp(name), key);
const deploys = () => received.filter((r) => r.method === 'app.deploy');
const operationState = async (appId: string) =>
  (
    await testApp.app.dockhand.db
      .selectFrom('app_operations')
      .select('state')
      .where('app_id', '=', appId)
      .orderBy('created_at', 'desc')
      .executeTakeFirst()
  )?.state;
const until = async (probe: () => Promise<boolean> | boolean, what: string) => {
  const deadline = Date.now() + 5000;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

before(async () => {
  // Short enough for the timed-out deploy below; every other answer comes at once.
  testApp = await createTestApp({ AGENT_DEPLOY_TIMEOUT_MS: '1500' });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  owner = await signIn(testApp.app, 'operations-owner@example.com');
  organizationId = (await call('POST', '/api/v1/organization/create-organization', { name: 'Ops' })).data.id;
  keys = await createAgentKeys();
  received = [];
  holds = new Map();
  agent = simulatedAgent();
  agentId = await pairSimulatedAgent(testApp.app, agent, owner, organizationId);
  await setAgentPlan(testApp.app.dockhand.db, agentId, { status: 'free', source: null });
});

beforeEach(() => {
  answer = null;
  received.length = 0;
});

after(async () => {
  agent.close();
  await testApp.close();
});

test('a retry with the same Idempotency-Key returns the first outcome and deploys once', async () => {
  const key = randomUUID();
  const first = await create('retry', key);
  assert.equal(first.message, 'App created');
  const retry = await create('retry', key);
  assert.deepEqual(retry, first);
  assert.equal(deploys().length, 1);
  assert.equal(deploys()[0]?.params.operation_id !== undefined, true, 'the agent gets the operation id');
  // Without a key every call is its own operation (API clients keep working).
  assert.equal((await create('retry')).message, 'An app with this name already exists');
  assert.equal((await create('bad-key', 'not a key')).status, 400);
  const deleteKey = randomUUID();
  const remove = () =>
    call('POST', `/api/v1/apps/delete-app?agent_id=${agentId}`, { app_id: first.data.id }, deleteKey);
  assert.equal((await remove()).message, 'App deleted');
  assert.equal((await remove()).message, 'App deleted');
  assert.equal(received.filter((r) => r.method === 'app.delete').length, 1);
});

test('a failure is replayed as it was; a retry while the first call runs is told so (409)', async () => {
  answer = (method) => {
    if (method === 'app.deploy') throw new Error('docker compose up failed (exit 1): no space');
    return undefined;
  };
  const key = randomUUID();
  const failed = await create('broken', key);
  assert.equal(failed.message, 'docker compose up failed (exit 1): no space');
  assert.deepEqual(await create('broken', key), failed);
  assert.equal(deploys().length, 1);

  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  answer = (method, params) => {
    if (method !== 'app.deploy') return undefined;
    const deployment = params.deployment as AppDeployment;
    holds.set(deployment.app_id, deployment);
    return released.then(() => ({ app_id: deployment.app_id, status: 1 }));
  };
  const slowKey = randomUUID();
  const running = create('slow', slowKey);
  await until(() => deploys().length === 2, 'the slow deploy reached the agent');
  const early = await create('slow', slowKey);
  assert.equal(early.status, 409);
  assert.equal(early.message, 'This operation is still running. Try again in a moment.');
  release();
  assert.equal((await running).message, 'App created');
  assert.equal((await create('slow', slowKey)).message, 'App created');
  assert.equal(deploys().length, 2);
});

test('the agent went offline before answering: a retry is told so, then gets what its journal says happened', async () => {
  // The agent writes the app, then its connection drops before it answers.
  answer = (method, params) => {
    if (method !== 'app.deploy') return undefined;
    const deployment = params.deployment as AppDeployment;
    holds.set(deployment.app_id, deployment);
    agent.close();
    return new Promise(() => undefined);
  };
  const keyOf = { finished: randomUUID(), interrupted: randomUUID() };
  const idOf = (params: Record<string, unknown>) => (params.deployment as AppDeployment).app_id;
  const finished = await create('finished-offline', keyOf.finished);
  assert.equal(finished.status, 502);
  const finishedDeploy = deploys().at(-1)!.params;
  await until(async () => (await operationState(idOf(finishedDeploy))) === 'unknown', 'outcome unknown');
  // Until the agent is back, nobody knows: the retry says so instead of replaying the 502.
  const early = await create('finished-offline', keyOf.finished);
  assert.equal(early.status, 409);
  assert.equal(
    early.message,
    'The agent went offline during this operation; it is finished or rolled back when the agent reconnects.',
  );
  // Its journal says the deploy finished (whether the server asks at this reconnect or the next,
  // which the next create cuts short, the answer is the same).
  journal.set(String(finishedDeploy.operation_id), {
    state: 'done',
    result: { app_id: idOf(finishedDeploy), status: 1 },
  });
  await connectAgent();
  const interrupted = await create('interrupted-offline', keyOf.interrupted);
  assert.equal(interrupted.status, 502);
  const interruptedDeploy = deploys().at(-1)!.params;
  await until(async () => (await operationState(idOf(interruptedDeploy))) === 'unknown', 'outcome unknown');

  // Back: its journal says the second deploy was cut off in the middle.
  answer = null;
  journal.set(String(interruptedDeploy.operation_id), { state: 'interrupted' });
  await connectAgent();
  await until(async () => (await operationState(idOf(interruptedDeploy))) === 'failed', 'rolled back');
  await until(async () => (await operationState(idOf(finishedDeploy))) === 'done', 'completed');
  assert.equal((await findApp(testApp.app.dockhand.db, idOf(finishedDeploy)))?.name, 'finished-offline');
  assert.equal(
    holds.has(idOf(interruptedDeploy)),
    false,
    'the interrupted create was removed from the agent',
  );
  assert.equal(await findApp(testApp.app.dockhand.db, idOf(interruptedDeploy)), null);
  // The retries now get the true outcome, and deploy nothing.
  const deployed = deploys().length;
  assert.equal((await create('finished-offline', keyOf.finished)).message, 'App created');
  const rolledBack = await create('interrupted-offline', keyOf.interrupted);
  assert.deepEqual(
    [rolledBack.status, rolledBack.message],
    [409, 'The agent stopped before this operation finished; it was rolled back. Please try again.'],
  );
  assert.equal(deploys().length, deployed);
});

test('an undo that could not reach the agent is kept and completed when the agent reconnects', async () => {
  // The deploy times out; the agent's connection drops before the undo reaches it.
  answer = (method, params) => {
    if (method === 'app.deploy') {
      const deployment = params.deployment as AppDeployment;
      holds.set(deployment.app_id, deployment);
      return new Promise(() => undefined);
    }
    if (method === 'app.delete') {
      agent.close();
      return new Promise(() => undefined);
    }
    return undefined;
  };
  const failed = await create('orphan');
  assert.equal(failed.status, 504);
  const appId = (deploys()[0]?.params.deployment as AppDeployment).app_id;
  await until(async () => (await operationState(appId)) === 'undo-pending', 'undo kept');
  assert.equal(holds.has(appId), true, 'the agent still holds the app');

  answer = null;
  await connectAgent();
  await until(async () => (await operationState(appId)) === 'failed', 'undo completed');
  assert.equal(holds.has(appId), false, 'the undo removed it from the agent');
  assert.equal(await findApp(testApp.app.dockhand.db, appId), null);
});

test('operations interrupted by a server crash are finished or rolled back when the agent connects', async () => {
  const db = testApp.app.dockhand.db;
  const created = await create('kept');
  const keptId = created.data.id as string;
  const keptDeployment = holds.get(keptId)!;
  // Rows as a killed server leaves them: pending, the agent asked (or not).
  const pending = (appId: string, kind: string, payload: unknown) =>
    insertOperation(db, {
      id: randomUUID(),
      user_id: owner.id,
      key: randomUUID(),
      agent_id: agentId,
      app_id: appId,
      kind,
      payload: JSON.stringify(payload),
      state: 'pending',
      outcome: null,
      created_at: Date.now(),
      updated_at: Date.now(),
    });
  const deploymentOf = (appId: string, name: string): AppDeployment => ({
    ...keptDeployment,
    app_id: appId,
    project: `${name}-${appId.slice(0, 8)}`,
  });
  const storedOf = async (appId: string, name: string) => ({
    app: { ...(await findApp(db, keptId))!, id: appId, name, project: `${name}-${appId.slice(0, 8)}` },
    files: [],
    variables: [],
  });
  // 1. The agent finished the create: the record is completed from the payload.
  const finished = randomUUID();
  holds.set(finished, deploymentOf(finished, 'finished'));
  await pending(finished, 'create', {
    is_new: true,
    stored: await storedOf(finished, 'finished'),
    deployment: deploymentOf(finished, 'finished'),
    previous_deployment: null,
  });
  // 2. The agent holds a different deployment of a create: removed through the normal delete.
  const partial = randomUUID();
  holds.set(partial, {
    ...deploymentOf(partial, 'partial'),
    variables: [{ name: 'X', value: '1', is_encrypted: false }],
  });
  await pending(partial, 'create', {
    is_new: true,
    stored: await storedOf(partial, 'partial'),
    deployment: deploymentOf(partial, 'partial'),
    previous_deployment: null,
  });
  // 3. An update the agent never got: it holds the previous version, which stays.
  const update = {
    ...keptDeployment,
    files: [{ filename: 'compose.yml', content: 'services: {a: {}}\n', is_encrypted: false }],
  };
  await pending(keptId, 'update', {
    is_new: false,
    stored: { app: await findApp(db, keptId), files: [], variables: [] },
    deployment: update,
    previous_deployment: keptDeployment,
  });
  // 4. A delete: finished.
  const doomed = (await create('doomed')).data.id as string;
  await pending(doomed, 'delete', {});

  received.length = 0;
  await connectAgent();
  await until(async () => (await operationState(doomed)) === 'done', 'delete finished');
  await until(async () => (await operationState(partial)) === 'failed', 'partial create rolled back');
  assert.equal((await operationState(finished)) ?? '', 'done');
  assert.equal((await findApp(db, finished))?.name, 'finished');
  assert.equal(holds.has(partial), false);
  assert.equal(await findApp(db, partial), null);
  assert.equal(await operationState(keptId), 'failed');
  assert.equal(holds.get(keptId), keptDeployment, 'the previous version was kept, not redeployed');
  assert.equal(deploys().length, 0);
  assert.equal(holds.has(doomed), false);
  assert.equal(await findApp(db, doomed), null);
});

test('an app the server does not know is found, adopted and then deleted normally; a missing one is listed', async () => {
  const stray = randomUUID();
  holds.set(stray, {
    app_id: stray,
    project: `stray-${stray.replace(/-/g, '').slice(0, 8)}`,
    files: [{ filename: 'compose.yml', content: 'services: {}\n', is_encrypted: false }],
    variables: [{ name: 'TOKEN', value: 'ciphertext-for-the-agent', is_encrypted: true }],
  });
  const gone = (await create('gone')).data.id as string;
  holds.delete(gone);
  await connectAgent();
  const differences = async () => (await call('GET', `/api/v1/apps/get-inventory?agent_id=${agentId}`)).data;
  await until(async () => (await differences()).found.length === 1, 'the stray app is found');
  assert.deepEqual(await differences(), {
    found: [{ app_id: stray, project: `p-${holds.get(stray)!.project}` }],
    missing: [gone],
  });

  const adopted = await call('POST', `/api/v1/apps/adopt-app?agent_id=${agentId}`, { app_id: stray });
  assert.equal(adopted.message, 'App adopted');
  const details = (await call('GET', `/api/v1/apps/get-app?agent_id=${agentId}&app_id=${stray}`)).data;
  assert.equal(details.config.name, 'stray');
  assert.deepEqual((await differences()).found, []);
  // It keeps running, so the agent reports no change: its status is asked for at adoption.
  const statuses = (await call('GET', `/api/v1/apps/get-apps-status?agent_id=${agentId}`)).data.apps;
  assert.deepEqual(
    statuses.find((entry: { app_id: string }) => entry.app_id === stray),
    { app_id: stray, status: 1 },
  );
  // Redeploying the adopted app sends exactly what the agent held.
  const redeploy = await call('POST', `/api/v1/apps/control-app?agent_id=${agentId}`, {
    app_id: stray,
    action: 'active',
    operation: 'redeploy',
  });
  assert.equal(redeploy.message, 'App redeployed');
  const sent = received.find((r) => r.method === 'app.control')?.params.deployment as AppDeployment;
  assert.equal(deploymentDigest(sent), deploymentDigest(holds.get(stray)!));

  assert.equal(
    (await call('POST', `/api/v1/apps/delete-app?agent_id=${agentId}`, { app_id: stray })).message,
    'App deleted',
  );
  assert.equal(holds.has(stray), false);
  // Remove works on found apps only: a recorded app is deleted with delete-app.
  assert.equal(
    (await call('POST', `/api/v1/apps/remove-found-app?agent_id=${agentId}`, { app_id: gone })).status,
    404,
  );
});

test('adopt and remove of found apps are operations: the same key runs them once and replays the answer', async () => {
  const found = (name: string): AppDeployment => {
    const id = randomUUID();
    return {
      app_id: id,
      project: `${name}-${id.replace(/-/g, '').slice(0, 8)}`,
      files: [{ filename: 'compose.yml', content: 'services: {}\n', is_encrypted: false }],
      variables: [],
    };
  };
  const kept = found('kept-found');
  const unwanted = found('unwanted-found');
  holds.set(kept.app_id, kept);
  holds.set(unwanted.app_id, unwanted);
  await connectAgent();
  const settle = (path: string, appId: string, key: string) =>
    call('POST', `/api/v1/apps/${path}?agent_id=${agentId}`, { app_id: appId }, key);
  const foundIds = async () =>
    (await call('GET', `/api/v1/apps/get-inventory?agent_id=${agentId}`)).data.found.map(
      (entry: { app_id: string }) => entry.app_id,
    );
  await until(async () => (await foundIds()).length === 2, 'both apps are found');
  received.length = 0;

  const adoptKey = randomUUID();
  const adopted = await settle('adopt-app', kept.app_id, adoptKey);
  assert.equal(adopted.message, 'App adopted');
  assert.deepEqual(await settle('adopt-app', kept.app_id, adoptKey), adopted);
  const removeKey = randomUUID();
  const removed = await settle('remove-found-app', unwanted.app_id, removeKey);
  assert.equal(removed.message, 'App removed from the server');
  assert.deepEqual(await settle('remove-found-app', unwanted.app_id, removeKey), removed);
  // The same key for another kind of call is refused, not mistaken for a replay.
  assert.equal((await settle('remove-found-app', kept.app_id, adoptKey)).status, 409);

  assert.deepEqual(
    received.map((r) => r.method),
    ['app.export', 'app.statuses', 'app.delete'],
  );
  assert.equal(received[2]?.params.operation_id !== undefined, true, 'the agent gets the operation id');
  assert.equal(await operationState(kept.app_id), 'done');
  assert.equal(await operationState(unwanted.app_id), 'done');
  assert.equal(holds.has(unwanted.app_id), false);
  // The agent reports what it holds after every change: nothing is left to settle.
  agent.send({ type: 'inventory', apps: inventory() });
  await until(async () => (await foundIds()).length === 0, 'nothing found any more');
});
