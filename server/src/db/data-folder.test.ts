import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'dockhand-folder-'));
fs.chmodSync(scratch, 0o755);
after(() => fs.rmSync(scratch, { recursive: true, force: true }));

/**
 * Starts the server on `dataDir` and waits for it to end; by default as an unprivileged user,
 * because root may write anywhere.
 */
function startServer(
  dataDir: string,
  { unprivileged = true } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const asRoot = unprivileged && process.getuid?.() === 0;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' },
      ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

test('a data folder the server may not write: it exits with one line naming the folder and why', async () => {
  const locked = path.join(scratch, 'locked');
  fs.mkdirSync(locked, { mode: 0o555 });
  fs.chmodSync(locked, 0o555);
  const result = await startServer(locked);
  assert.equal(result.code, 1);
  assert.equal(
    result.stderr,
    `Cannot use the data folder ${locked}: permission denied. Set DATA_DIR to a folder this user can write.\n`,
  );
  assert.doesNotMatch(result.stdout + result.stderr, /SQLITE_CANTOPEN|\n\s+at /);
});

test('a data folder below a file: one line saying a part of its path is not a folder', async () => {
  const file = path.join(scratch, 'a-file');
  fs.writeFileSync(file, '');
  const result = await startServer(path.join(file, 'data'));
  assert.equal(result.code, 1);
  assert.equal(
    result.stderr.trim(),
    `Cannot use the data folder ${path.join(file, 'data')}: a part of its path is a file, not a folder. Set DATA_DIR to a folder this user can write.`,
  );
});

/** Starts a server on `dataDir` and resolves once it listens; the caller ends it. */
function startListeningServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Dockhand is running')) resolve(child);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

test('a second server on the same SQLite folder refuses to start; after the first dies by kill -9, the folder is free', async () => {
  const shared = path.join(scratch, 'shared');
  const first = await startListeningServer(shared);
  try {
    const second = await startServer(shared, { unprivileged: false });
    assert.equal(second.code, 1);
    assert.equal(
      second.stderr,
      `Cannot use the data folder ${shared}: another Dockhand server process is using it. SQLite serves one process: stop the other one, or use PostgreSQL (DATABASE_URL) to run several replicas.\n`,
    );
  } finally {
    await killed(first);
  }
  const third = await startListeningServer(shared);
  await killed(third);
});
