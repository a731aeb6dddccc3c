// The start's Docker engine check (scripts/docker-engine.sh, run by start.sh before its local agent
// and by prepare.sh): on machine states without a usable engine it prints one line saying why
// there is no local agent and the command that fixes it. Runs as root, as the test command does.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const absentSocket = path.join(os.tmpdir(), `dockhand-no-engine-${process.pid}.sock`);

function engineCheck({ env = {}, user } = {}) {
  const command = user ? 'su' : 'bash';
  const args = user
    ? [user, '-s', '/bin/bash', '-c', 'bash scripts/docker-engine.sh start']
    : ['scripts/docker-engine.sh', 'start'];
  const result = spawnSync(command, args, { cwd: repo, env: { ...process.env, ...env }, encoding: 'utf8' });
  return { status: result.status, lines: result.stdout.split('\n').filter(Boolean), stderr: result.stderr };
}

/** A PATH with what the check needs and no Docker: a machine where it was never installed. */
function pathWithoutDocker() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dockhand-path-'));
  for (const tool of ['node', 'bash', 'id', 'seq', 'sleep']) {
    const found = spawnSync('bash', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
    fs.symlinkSync(found, path.join(dir, tool));
  }
  return dir;
}

test('with a running engine the check passes silently and the local agent starts', () => {
  assert.deepEqual(engineCheck(), { status: 0, lines: [], stderr: '' });
});

test('Docker not installed and no engine socket: one line naming the install command', () => {
  const bin = pathWithoutDocker();
  try {
    const { status, lines } = engineCheck({ env: { PATH: bin, DOCKER_SOCKET: absentSocket } });
    assert.equal(status, 1);
    assert.deepEqual(lines, [
      "No local agent: Docker is not installed. Install it with sudo bash scripts/prepare.sh (Debian's docker.io and docker-compose), then run bash scripts/start.sh again.",
    ]);
  } finally {
    fs.rmSync(bin, { recursive: true, force: true });
  }
});

test('Docker installed but no engine at the configured socket: one line, and no second engine started', () => {
  const { status, lines } = engineCheck({ env: { DOCKER_SOCKET: absentSocket } });
  assert.equal(status, 1);
  assert.deepEqual(lines, [
    `No local agent: no Docker engine answers at ${absentSocket} (DOCKER_SOCKET). Start the engine that listens there, or unset DOCKER_SOCKET, then run bash scripts/start.sh again.`,
  ]);
  assert.equal(fs.existsSync(absentSocket), false);
});

test('a user who may not open the engine socket is told how to get access', () => {
  const { status, lines } = engineCheck({ user: 'nobody' });
  assert.equal(status, 1);
  assert.deepEqual(lines, [
    'No local agent: this user may not use the Docker engine at /var/run/docker.sock. Add it to the docker group (sudo usermod -aG docker nobody, then sign in again) or run the start as root, then run bash scripts/start.sh again.',
  ]);
});
