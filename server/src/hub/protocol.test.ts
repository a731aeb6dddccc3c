import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

test('the hub speaks exactly the protocol the agent defines (one source of truth)', () => {
  const agentCopy = readFileSync(new URL('../../../agent/src/protocol.ts', import.meta.url), 'utf8');
  const serverCopy = readFileSync(new URL('./protocol.ts', import.meta.url), 'utf8');
  assert.equal(serverCopy, agentCopy, 'copy agent/src/protocol.ts to server/src/hub/protocol.ts');
});
