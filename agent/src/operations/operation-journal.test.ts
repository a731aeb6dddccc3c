import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { AgentError, AgentErrorCode } from '../errors.js';
import { OperationJournal } from './operation-journal.js';

let dir: string;
before(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'dh-journal-'))));
after(() => rm(dir, { recursive: true, force: true }));

test('a repeated operation id gets the first outcome without running again, also after a restart', async () => {
  const file = path.join(dir, 'a', 'operations.json');
  let runs = 0;
  const deploy = async () => ({ app_id: 'a1', status: ++runs });
  const journal = new OperationJournal(file);
  assert.deepEqual(await journal.run('op-1', null, deploy), { app_id: 'a1', status: 1 });
  assert.deepEqual(await journal.run('op-1', null, deploy), { app_id: 'a1', status: 1 });
  // A new agent process reads what the previous one remembered.
  assert.deepEqual(await new OperationJournal(file).run('op-1', null, deploy), { app_id: 'a1', status: 1 });
  assert.equal(runs, 1);
  // Without an id every call runs.
  await journal.run(undefined, null, deploy);
  assert.equal(runs, 2);
});

test('a failed operation is answered with the same code and message when repeated', async () => {
  const journal = new OperationJournal(path.join(dir, 'b', 'operations.json'));
  let runs = 0;
  const failing = async () => {
    runs += 1;
    throw new AgentError(AgentErrorCode.ComposeFailed, 'docker compose up failed (exit 1): boom');
  };
  for (let i = 0; i < 2; i += 1)
    await assert.rejects(journal.run('op-2', null, failing), {
      code: AgentErrorCode.ComposeFailed,
      message: 'docker compose up failed (exit 1): boom',
    });
  assert.equal(runs, 1);
});

test('a repeat that arrives while the first run is going waits for it', async () => {
  const journal = new OperationJournal(path.join(dir, 'c', 'operations.json'));
  let runs = 0;
  let finish!: () => void;
  const slow = () =>
    new Promise<number>((resolve) => {
      runs += 1;
      finish = () => resolve(runs);
    });
  const first = journal.run('op-3', null, slow);
  const second = journal.run('op-3', null, slow);
  await new Promise((resolve) => setTimeout(resolve, 20));
  finish();
  assert.deepEqual(await Promise.all([first, second]), [1, 1]);
  assert.equal(runs, 1);
});

test('only the last operations are kept', async () => {
  const journal = new OperationJournal(path.join(dir, 'd', 'operations.json'), 3);
  let runs = 0;
  const work = async () => ++runs;
  for (const id of ['1', '2', '3', '4']) await journal.run(id, null, work);
  assert.equal(await journal.run('4', null, work), 4);
  assert.equal(await journal.run('1', null, work), 5, 'the oldest was forgotten and runs again');
});

test('the server can ask what became of an operation: running, done, failed, interrupted or unknown', async () => {
  const file = path.join(dir, 'e', 'operations.json');
  const journal = new OperationJournal(file);
  const subject = { method: 'app.deploy', app_id: 'a1', project: 'blog-0b6f7a3e' };
  assert.deepEqual(await journal.status('op-5'), { state: 'unknown' });
  let finish!: () => void;
  const running = journal.run(
    'op-5',
    subject,
    () => new Promise<string>((resolve) => (finish = () => resolve('up'))),
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.deepEqual(await journal.status('op-5'), { state: 'running' });
  // A second agent process reading the file now sees an operation that started and never ended.
  const afterCrash = new OperationJournal(file);
  assert.deepEqual(await afterCrash.status('op-5'), { state: 'interrupted' });
  assert.deepEqual(await afterCrash.interrupted(), [{ id: 'op-5', subject }]);
  // Repeating it there runs nothing: the server decides by its rule what to do next.
  let ran = false;
  await assert.rejects(
    afterCrash.run('op-5', subject, async () => (ran = true)),
    { code: AgentErrorCode.OperationInterrupted },
  );
  assert.equal(ran, false);
  finish();
  await running;
  assert.deepEqual(await journal.status('op-5'), { state: 'done', result: 'up' });
  assert.deepEqual(await journal.interrupted(), []);
  await assert.rejects(
    journal.run('op-6', null, async () => {
      throw new AgentError(AgentErrorCode.ComposeFailed, 'no space');
    }),
  );
  assert.deepEqual(await journal.status('op-6'), {
    state: 'failed',
    code: AgentErrorCode.ComposeFailed,
    message: 'no space',
  });
});
