/**
 * The downloads install.sh fetches: each file with its type and length, the agent's own files never
 * from a cache, and a clear refusal naming the file when the agent was not built.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createTestApp, type TestApp } from '../test/test-app.js';

const dir = mkdtempSync(path.join(tmpdir(), 'dockhand-downloads-'));
let testApp: TestApp;

before(async () => {
  writeFileSync(path.join(dir, 'dockhand-agent.mjs'), 'console.log("agent");\n');
  writeFileSync(path.join(dir, 'node'), 'binary');
  // No launcher beside the bundle: its download is refused.
  testApp = await createTestApp({
    AGENT_BUNDLE_PATH: path.join(dir, 'dockhand-agent.mjs'),
    AGENT_NODE_BINARY: path.join(dir, 'node'),
  });
});

after(async () => {
  await testApp.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string) => testApp.app.inject({ method: 'GET', url });

test('the agent bundle is served as JavaScript with its length, never from a cache', async () => {
  const response = await get('/agent/download/dockhand-agent.mjs');
  assert.equal(response.statusCode, 200);
  assert.equal(response.body, 'console.log("agent");\n');
  assert.equal(response.headers['content-type'], 'text/javascript; charset=utf-8');
  assert.equal(response.headers['content-length'], '22');
  assert.equal(response.headers['cache-control'], 'no-store');
});

test('the Node runtime is served as a binary with its length', async () => {
  const response = await get('/agent/download/node');
  assert.equal(response.statusCode, 200);
  assert.equal(response.body, 'binary');
  assert.equal(response.headers['content-type'], 'application/octet-stream');
  assert.equal(response.headers['content-length'], '6');
  assert.equal(response.headers['cache-control'], undefined);
});

test('a download that is not built is refused with its name', async () => {
  const response = await get('/agent/download/dockhand-agent-launcher.mjs');
  assert.equal(response.statusCode, 404);
  assert.deepEqual(response.json(), {
    success: false,
    message: 'The agent launcher is not available on this server (build the agent first)',
  });
});
