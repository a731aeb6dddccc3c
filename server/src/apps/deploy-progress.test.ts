/**
 * Watching and cancelling a running deploy (issue 14), against a simulated agent that holds its
 * deploys until told and reports progress as the real one does: the route shows the latest
 * snapshot while the deploy runs (a create too, by its app id), nothing once it ended or for an
 * operation that is not running; cancel-deploy reaches the agent, the deploy fails and the previous
 * version is put back through the usual undo.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { AppDeployment, DeployProgress, RunningDeploy } from 'contract';
import { insertMember } from '../organizations/member-store.js';
import { startWithDeployingAgent, type DeployingAgent } from '../test/deploying-agent.js';
import { customAppBody } from '../test/fixtures.js';
import { callAs, stopPairedAgent } from '../test/paired-agent.js';
import { signIn, type TestUser } from '../test/sign-in.js';
import type { SimulatedAgent } from '../test/simulated-agent.js';
import type { TestApp } from '../test/test-app.js';

let setup: DeployingAgent;
let testApp: TestApp;
let owner: TestUser;
/** A member of the same organization with the billing role: may watch a deploy, not cancel it. */
let billing: TestUser;
let agent: SimulatedAgent;
let agentId: string;

const call = (method: 'GET' | 'POST', path: string, body?: object, caller: TestUser = owner) =>
  callAs(testApp, caller, method, path, body);

const saveApp = (mode: 'create' | 'update', config: object) =>
  call('POST', `/api/v1/apps/${mode}-app?agent_id=${agentId}`, customAppBody(config));
const progressOf = async (appId: string, caller: TestUser = owner) => {
  const answer = await call(
    'GET',
    `/api/v1/apps/get-deploy-progress?agent_id=${agentId}&app_id=${appId}`,
    undefined,
    caller,
  );
  assert.equal(answer.status, 200, answer.message);
  return answer.data.deploy as RunningDeploy | null;
};
const cancel = (appId: string, deployId: string, caller: TestUser = owner) =>
  call(
    'POST',
    `/api/v1/apps/cancel-deploy?agent_id=${agentId}`,
    { app_id: appId, deploy_id: deployId },
    caller,
  );

function building(lines: string[]): DeployProgress {
  return {
    step: 'building',
    cancelled: false,
    images: [],
    services: [],
    builds: [{ service: 'web', done: false, lines }],
  };
}

before(async () => {
  setup = await startWithDeployingAgent({
    email: 'progress-owner@example.com',
    name: 'Paula Progress',
    organization: 'Progress',
    holdDeploys: true,
  });
  ({ testApp, owner, agent, agentId } = setup);
  billing = await signIn(testApp.app, 'progress-billing@example.com', 'Bill Ing');
  await insertMember(testApp.app.dockhand.db, setup.organizationId, billing.id, 'billing', Date.now());
});

after(() => stopPairedAgent(setup));

const board = () => testApp.app.dockhand.presence as unknown as { deploys: { size: number } };

test('a running create shows its latest progress by app id; once it ended nothing is kept', async () => {
  const creating = saveApp('create', { name: 'watched', version: '1.0' });
  const deploy = await setup.nextHeld();
  const running = await progressOf(deploy.appId);
  assert.ok(running, 'the create is running');
  assert.equal(running.action, 'create');
  assert.equal(running.progress, null, 'no event yet');
  assert.ok(running.elapsed_ms >= 0);

  agent.send({
    type: 'deploy-progress',
    operation_id: running.id,
    app_id: deploy.appId,
    progress: building(['Step 1/2'])!,
  });
  agent.send({
    type: 'deploy-progress',
    operation_id: running.id,
    app_id: deploy.appId,
    progress: building(['Step 1/2', 'Step 2/2 : RUN make']),
  });
  let latest: DeployProgress | null = running.progress;
  for (let tries = 0; tries < 100 && latest?.builds[0]?.lines.length !== 2; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    latest = (await progressOf(deploy.appId))?.progress ?? null;
  }
  assert.deepEqual(latest, building(['Step 1/2', 'Step 2/2 : RUN make']), 'only the latest snapshot');

  deploy.finish();
  assert.equal((await creating).status, 200);
  assert.equal(await progressOf(deploy.appId), null, 'nothing runs any more');
  assert.equal(board().deploys.size, 0, 'the snapshot was dropped');
  // A late event for the ended deploy is not kept.
  agent.send({
    type: 'deploy-progress',
    operation_id: running.id,
    app_id: deploy.appId,
    progress: building(['late']),
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(board().deploys.size, 0);
});

test("an update cancelled while it runs fails with the agent's words and the previous version is redeployed", async () => {
  const created = saveApp('create', { name: 'cancelled', version: '1.0' });
  const first = await setup.nextHeld();
  first.finish();
  const appId = (await created).data.id as string;

  const updating = saveApp('update', { id: appId, version: '2.0' });
  const update = await setup.nextHeld();
  const running = await progressOf(appId);
  assert.equal(running?.action, 'version');
  assert.equal(running.version, '2.0');

  const cancelled = await cancel(appId, running.id);
  assert.equal(cancelled.status, 200, cancelled.message);
  const answer = await updating;
  assert.notEqual(answer.status, 200);
  assert.match(answer.message, /^The deploy was cancelled\. The previous version was restored\./);
  assert.equal(update.operationId, running.id);
  // The usual undo of a failed update: the previous deployment sent again (no operation id).
  await agent.waitFor(() =>
    setup.requests.some(
      (request) =>
        request.method === 'app.deploy' &&
        request.params.operation_id === undefined &&
        (request.params.deployment as AppDeployment).app_id === appId,
    ),
  );
  const details = await call('GET', `/api/v1/apps/get-app?agent_id=${agentId}&app_id=${appId}`);
  assert.equal(details.data.config.version, '1.0', 'the app keeps its previous version');
  assert.equal(await progressOf(appId), null);

  const again = await cancel(appId, running.id);
  assert.equal(again.status, 409);
  assert.equal(again.message, 'This deploy is no longer running, so it cannot be cancelled.');
});

test('a billing member watches a running deploy but cannot cancel it: 403, and the deploy runs on', async () => {
  const creating = saveApp('create', { name: 'billed', version: '1.0' });
  const deploy = await setup.nextHeld();
  const running = await progressOf(deploy.appId, billing);
  assert.equal(running?.action, 'create', 'billing sees the running deploy');

  const refused = await cancel(deploy.appId, running.id, billing);
  assert.equal(refused.status, 403, refused.message);
  assert.equal(refused.success, false);
  assert.ok(
    !setup.requests.some(
      (request) => request.method === 'operation.cancel' && request.params.operation_id === running.id,
    ),
    'nothing was sent to the agent',
  );
  assert.equal((await progressOf(deploy.appId))?.id, running.id, 'the deploy still runs');

  deploy.finish();
  assert.equal((await creating).status, 200, 'and ends as it would have');
});

test('an event for a deploy that does not run here is dropped', async () => {
  agent.send({
    type: 'deploy-progress',
    operation_id: 'not-running',
    app_id: 'x',
    progress: building(['x']),
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(board().deploys.size, 0);
});
