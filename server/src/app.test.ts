import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestApp } from './test/test-app.js';

test('health check answers with the server version, and unknown API paths give a clear 404', async () => {
  const { app, close } = await createTestApp();
  const health = await app.inject({ method: 'GET', url: '/healthz' });
  assert.equal(health.statusCode, 200);
  assert.equal(health.json().success, true);
  assert.match(health.json().data.version, /^\d+\.\d+\.\d+/);
  const missing = await app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
  assert.equal(missing.statusCode, 404);
  assert.equal(missing.json().success, false);
  await close();
});

test('every response carries the security headers', async () => {
  const { app, close } = await createTestApp();
  const response = await app.inject({ method: 'GET', url: '/healthz' });
  assert.equal(response.headers['x-content-type-options'], 'nosniff');
  assert.equal(response.headers['x-frame-options'], 'DENY');
  assert.match(String(response.headers['content-security-policy']), /frame-ancestors 'none'/);
  assert.match(String(response.headers['content-security-policy']), /script-src 'self'(;|$)/);
  assert.ok(response.headers['referrer-policy']);
  await close();
});
