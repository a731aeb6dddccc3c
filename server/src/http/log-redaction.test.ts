import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redactedUrl } from './log-redaction.js';

test('logged URLs never carry query strings (authorization codes, state)', () => {
  assert.equal(
    redactedUrl('/auth/google/callback?code=secret-code&state=abc'),
    '/auth/google/callback?[redacted]',
  );
  assert.equal(redactedUrl('/api/v1/agents/get-agents'), '/api/v1/agents/get-agents');
});
