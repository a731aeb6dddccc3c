import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { backoffDelay } from '../connection/backoff.js';
import { composeFailureMessage } from './compose-failure.js';
import { demuxDockerStream } from './engine.js';
import { runCommand } from './run-command.js';

function frame(stream: number, text: string): Buffer {
  const body = Buffer.from(text);
  const header = Buffer.alloc(8);
  header[0] = stream;
  header.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, body]);
}

test('the multiplexed log stream splits into stdout and stderr', () => {
  const frames = demuxDockerStream(
    Buffer.concat([frame(1, 'out line\n'), frame(2, 'err line\n'), frame(1, 'more')]),
  );
  assert.deepEqual(frames, [
    { channel: 'stdout', text: 'out line\n' },
    { channel: 'stderr', text: 'err line\n' },
    { channel: 'stdout', text: 'more' },
  ]);
});

test('commands run without a shell and report command, output and exit code', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dh-run-'));
  try {
    const marker = path.join(dir, 'pwned');
    const payload = `$(touch ${marker}); touch ${marker} && echo \`touch ${marker}\``;
    const echoed = await runCommand('echo', [payload]);
    assert.deepEqual(
      { ...echoed, stdout: echoed.stdout.trim() },
      { command: 'echo', args: [payload], stdout: payload, stderr: '', exitCode: 0 },
    );
    await assert.rejects(readFile(marker));
    const failed = await runCommand('sh', ['-c', 'echo bad >&2; exit 3']);
    assert.equal(failed.exitCode, 3);
    assert.equal(failed.stderr.trim(), 'bad');
    assert.equal((await runCommand('/nonexistent-binary', [])).exitCode, 127);
    const message = composeFailureMessage('up', {
      ...failed,
      stderr: 'Creating web ...\nERROR: manifest unknown\n',
    });
    assert.equal(message, 'docker compose up failed (exit 3): ERROR: manifest unknown');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('reconnect delays grow with jitter and stay within bounds', () => {
  assert.equal(
    backoffDelay(0, 1000, 30_000, 250, () => 0),
    250,
  );
  assert.equal(
    backoffDelay(3, 1000, 30_000, 250, () => 0.999),
    7992,
  );
  assert.equal(
    backoffDelay(40, 1000, 30_000, 250, () => 0.999),
    29_970,
  );
});
