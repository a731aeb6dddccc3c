/**
 * Crash safety on the real engine (issue 15), the agent's side: the agent killed (SIGKILL) at
 * exact points of a create and a delete. The server cannot know what the agent did, so a retry is
 * told so until the agent is back; then the server asks the agent's journal and finishes or rolls
 * back by its rule (server README, 'Crash safety'): records, folders and labelled containers agree
 * and a retry with the same Idempotency-Key gets the true outcome, running nothing twice.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { CrashHarness } from '../test/crash-harness.js';
import { waitUntil } from '../test/processes.js';
import type { Answer } from '../test/real-stack.js';

const crash = new CrashHarness('agcrash', 'agent-crash@example.com');
const { stack } = crash;
const OUTCOME_UNKNOWN =
  'The agent went offline during this operation; it is finished or rolled back when the agent reconnects.';
const ROLLED_BACK = 'The agent stopped before this operation finished; it was rolled back. Please try again.';

/** Kills the agent while it waits at `point` for `subject`; resolves with the answer the user got. */
async function killAgentAt(point: string, subject: string, call: () => Promise<Answer>): Promise<Answer> {
  await crash.holdAt(point);
  const pending = call();
  await crash.heldAt(point, subject);
  await stack.agent.kill('SIGKILL');
  const answer = await pending;
  await crash.release(point);
  return answer;
}

async function restartAgent(): Promise<void> {
  stack.startAgent();
  await stack.agentOnline();
}

before(() => crash.start());
after(() => crash.stop());

test('agent killed during a create, after compose up: rolled back when it comes back; the retry says so', async () => {
  const key = randomUUID();
  await crash.holdAt('after-up');
  const pending = crash.create('beta', 'v1', key);
  await crash.heldAt('after-up', 'beta');
  assert.equal((await crash.state('beta')).projects.length, 1, 'the container runs');
  await stack.agent.kill('SIGKILL');
  const failed = await pending;
  await crash.release('after-up');
  assert.equal(failed.status, 502);
  const early = await crash.create('beta', 'v1', key);
  assert.deepEqual([early.status, early.message], [409, OUTCOME_UNKNOWN]);

  await restartAgent();
  // The journal says the create was cut off in the middle: the agent's normal delete removes it.
  await waitUntil(
    async () => (await crash.state('beta')).projects.length === 0,
    60_000,
    'containers removed',
  );
  assert.equal((await crash.state('beta')).record, null);
  await crash.assertAllAgree();
  const retry = await waitUntil(async () => {
    const answer = await crash.create('beta', 'v1', key);
    return answer.message === OUTCOME_UNKNOWN ? null : answer;
  });
  assert.deepEqual([retry.status, retry.message], [409, ROLLED_BACK]);
  assert.deepEqual(await crash.projects('beta-'), []);
  assert.doesNotMatch(stack.agent.output(), /test hold: before-up .*beta/, 'the retry deployed nothing');
});

test('agent killed during a create before it wrote app.json: what it wrote is removed at its start', async () => {
  const key = randomUUID();
  // compose config runs in the admission check: the files are written, the record is not yet.
  const failed = await killAgentAt('before-config', 'zeta', () => crash.create('zeta', 'v1', key));
  assert.equal(failed.status, 502);
  const folders = await readdir(path.join(stack.agentStateDir, 'apps'));
  const leftover = folders.find((folder) => !existsSync(path.join(stack.folderOf(folder), 'app.json')));
  assert.ok(leftover, 'a folder without app.json is left behind');

  await restartAgent();
  await stack.agent.waitForOutput(/removed what the interrupted create of app/);
  assert.equal(existsSync(stack.folderOf(leftover)), false);
  const retry = await waitUntil(async () => {
    const answer = await crash.create('zeta', 'v1', key);
    return answer.message === OUTCOME_UNKNOWN ? null : answer;
  });
  assert.deepEqual([retry.status, retry.message], [409, ROLLED_BACK]);
  const found = await stack.api('GET', `/api/v1/apps/get-inventory?agent_id=${stack.agentId}`);
  assert.deepEqual(found.data.found, [], 'nothing is left to show as found');
  await crash.assertAllAgree();
});

test('agent killed during a delete: the delete is finished when it comes back; the retry gets App deleted', async () => {
  const appId = (await crash.create('eta', 'v1')).data.id as string;
  const key = randomUUID();
  const failed = await killAgentAt('before-app.delete', appId, () => crash.remove(appId, key));
  assert.equal(failed.status, 502);
  assert.deepEqual((await crash.remove(appId, key)).message, OUTCOME_UNKNOWN);

  await restartAgent();
  await waitUntil(async () => (await crash.state('eta')).record === null, 30_000, 'record removed');
  assert.deepEqual(await crash.projects('eta-'), []);
  assert.equal(existsSync(stack.folderOf(appId)), false);
  assert.equal((await crash.remove(appId, key)).message, 'App deleted');
  await crash.assertAllAgree();
});
