/**
 * Crash safety on the real engine (issue 15), the server's side: a real server and a real agent,
 * the server killed (SIGKILL) at exact points of a create, an update and a delete (the agent waits
 * at a test hold, so the kill lands there without sleeps). After the restart the server's records,
 * the agent's app folders and Docker's labelled containers must agree, and a retry with the same
 * Idempotency-Key must run nothing twice. The agent's side: hub/agent-crash.test.ts.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { deleteApp } from '../apps/app-store.js';
import { CrashHarness } from '../test/crash-harness.js';
import { waitUntil } from '../test/processes.js';

const crash = new CrashHarness('srvcrash', 'server-crash@example.com');
const { stack } = crash;
const apps = (path: string) => `/api/v1/apps/${path}?agent_id=${stack.agentId}`;

/** Kills the server while the agent waits at `point` for `subject`, then starts it again. */
async function killServerAt(point: string, subject: string, call: () => Promise<unknown>): Promise<void> {
  await crash.holdAt(point);
  const pending = call().catch(() => null);
  await crash.heldAt(point, subject);
  await stack.server.kill('SIGKILL');
  await pending;
  await stack.startServer();
}

before(() => crash.start());
after(() => crash.stop());

test('server killed during a create, before compose up: after the restart the app is completed, once', async () => {
  const key = randomUUID();
  await killServerAt('before-up', 'alpha', () => crash.create('alpha', 'v1', key));
  await crash.release('before-up');
  await stack.agentOnline();

  // The agent's journal says the deploy finished: the record is completed from the operation.
  const recovered = await waitUntil(
    async () => (await crash.state('alpha')).record,
    30_000,
    'record completed',
  );
  await waitUntil(async () => (await crash.state('alpha')).projects.length === 1, 30_000, 'container up');
  assert.ok(existsSync(stack.folderOf(recovered.id)));
  // The user's retry with the same key answers like the first call would have, and runs nothing.
  const retry = await crash.create('alpha', 'v1', key);
  assert.equal(retry.message, 'App created');
  assert.equal(retry.data.id, recovered.id);
  assert.equal((await crash.state('alpha')).projects.length, 1);
  await crash.assertAllAgree();
});

test('server killed during an update, before compose up: the version the agent holds is kept', async () => {
  const created = await crash.create('gamma', 'v1');
  assert.equal(created.message, 'App created');
  const appId = created.data.id as string;
  await killServerAt('before-up', 'gamma', () =>
    stack.api('POST', apps('update-app'), crash.appBody('gamma', 'v2', appId), randomUUID()),
  );
  await crash.release('before-up');
  await stack.agentOnline();

  const content = async () => {
    const details = await stack.api('GET', `${apps('get-app')}&app_id=${appId}`);
    return Object.values(details.data.files as Record<string, string>)[0] ?? '';
  };
  await waitUntil(async () => (await content()).includes('echo v2'), 30_000, 'the new version recorded');
  assert.equal((await crash.state('gamma')).projects.length, 1);
  await crash.assertAllAgree();
});

test('server killed during a delete: the delete is finished after the restart, and runs once', async () => {
  const appId = (await crash.create('delta', 'v1')).data.id as string;
  const key = randomUUID();
  await killServerAt('before-app.delete', appId, () => crash.remove(appId, key));
  await stack.agentOnline();
  // The agent's journal says the delete still runs; once it ends, the server finishes its side.
  await crash.release('before-app.delete');

  await waitUntil(async () => (await crash.state('delta')).record === null, 30_000, 'record removed');
  await waitUntil(
    async () => (await crash.state('delta')).projects.length === 0,
    30_000,
    'containers removed',
  );
  assert.equal(existsSync(stack.folderOf(appId)), false);
  assert.equal((await crash.remove(appId, key)).message, 'App deleted');
  await crash.assertAllAgree();
});

test("the inventory lives in the server's memory: after a restart the agent sends it again on reconnect", async () => {
  const appId = (await crash.create('epsilon', 'v1')).data.id as string;
  // The server loses its record (a restored backup, say): the app becomes one nobody sees.
  await deleteApp(stack.control.dockhand.db, appId);
  await stack.server.kill('SIGKILL');
  await stack.startServer();
  await stack.agentOnline();
  const found = async () =>
    ((await stack.api('GET', apps('get-inventory'))).data?.found ?? []) as Array<{ app_id: string }>;
  await waitUntil(async () => (await found()).some((entry) => entry.app_id === appId), 30_000, 'found again');

  const removed = await stack.api('POST', apps('remove-found-app'), { app_id: appId }, randomUUID());
  assert.equal(removed.message, 'App removed from the server');
  assert.deepEqual(await crash.projects('epsilon-'), []);
  assert.equal(existsSync(stack.folderOf(appId)), false);
  await crash.assertAllAgree();
});
