import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';

test('health check answers and unknown API paths give a clear 404', async () => {
  const app = await buildApp(loadConfig({}));
  const health = await app.inject({ method: 'GET', url: '/healthz' });
  assert.equal(health.statusCode, 200);
  assert.equal(health.json().success, true);
  const missing = await app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
  assert.equal(missing.statusCode, 404);
  assert.equal(missing.json().success, false);
  await app.close();
});
