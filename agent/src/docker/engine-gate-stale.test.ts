import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { EngineGate } from './engine-gate.js';

/** A gate socket whose process was killed: its file stays, nobody listens on it. */
async function leftByACrash(dir: string): Promise<string> {
  const file = path.join(dir, 'crashed.sock');
  const child = spawn(
    process.execPath,
    ['-e', `require('net').createServer().listen(${JSON.stringify(file)}, () => console.log('up'))`],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await once(child.stdout, 'data');
  child.kill('SIGKILL');
  await once(child, 'exit');
  return file;
}

test('the agent removes the gate sockets a crashed agent left, and only those', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dh-gates-'));
  const live = await EngineGate.listen(dir, '/var/run/docker.sock');
  try {
    const stale = await leftByACrash(dir);
    assert.ok(existsSync(stale), 'the killed process left its socket file');
    const other = path.join(dir, 'notes.txt');
    await writeFile(other, 'not a gate');

    await EngineGate.removeStale(dir);

    assert.equal(existsSync(stale), false, 'the stale socket is gone');
    assert.ok(existsSync(live.socketPath), 'a gate still listening stays');
    assert.ok(existsSync(other), 'what is not a gate socket stays');
    await EngineGate.removeStale(path.join(dir, 'missing')); // no folder yet: nothing to do
  } finally {
    await live.close();
    await rm(dir, { recursive: true, force: true });
  }
});
