import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeAgentMessage, decodeServerMessage } from './messages.js';
import { deploymentDigest } from './inventory.js';
import { paramsError } from './methods.js';

const deployment = {
  app_id: 'a1',
  project: 'blog',
  files: [{ filename: 'compose.yaml', content: 'services: {}', is_encrypted: false }],
  variables: [{ name: 'PORT', value: '80', is_encrypted: false }],
};

test('a known message that fits its schema is decoded with its type', () => {
  const frame = JSON.stringify({ type: 'app-status', apps: [{ app_id: 'a1', status: 2 }] });
  assert.deepEqual(decodeAgentMessage(frame), {
    kind: 'message',
    message: { type: 'app-status', apps: [{ app_id: 'a1', status: 2 }] },
  });
  const error = { type: 'response', id: '7', ok: false, error: { code: 'AGENT-001', message: 'no' } };
  assert.equal(decodeAgentMessage(JSON.stringify(error)).kind, 'message');
  assert.equal(decodeServerMessage('{"type":"welcome","agent_id":"x"}').kind, 'message');
});

test('a known message of the wrong shape is invalid and says where', () => {
  const decoded = decodeAgentMessage(
    JSON.stringify({ type: 'app-status', apps: [{ app_id: 'a1', status: '2' }] }),
  );
  assert.equal(decoded.kind, 'invalid');
  assert.match(
    decoded.kind === 'invalid' ? decoded.reason : '',
    /^app-status: \/apps\/0\/status: Expected number/,
  );
  assert.equal(decodeAgentMessage('{"type":"hello","certificate":42}').kind, 'invalid');
  assert.equal(decodeAgentMessage('{"type":"response","id":"1","ok":true}').kind, 'invalid');
});

test('not JSON, or JSON without a type, is invalid', () => {
  assert.deepEqual(decodeAgentMessage('{not json'), { kind: 'invalid', reason: 'not JSON' });
  assert.deepEqual(decodeServerMessage('null'), { kind: 'invalid', reason: 'no message type' });
  assert.deepEqual(decodeServerMessage('[1]'), { kind: 'invalid', reason: 'no message type' });
});

test('a type this side does not know is reported as unknown, for a newer peer', () => {
  assert.deepEqual(decodeServerMessage('{"type":"policy","rules":[]}'), { kind: 'unknown', type: 'policy' });
  // Inherited names are not message types.
  assert.deepEqual(decodeAgentMessage('{"type":"toString"}'), { kind: 'unknown', type: 'toString' });
});

test('request params are checked against their method', () => {
  assert.equal(paramsError('app.deploy', { deployment }), null);
  assert.equal(paramsError('app.deploy', { deployment, operation: 'redeploy' }), null);
  assert.match(paramsError('app.deploy', { deployment, operation: 'stop' }) ?? '', /^\/operation/);
  const noContent = { ...deployment, files: [{ filename: 'compose.yaml', is_encrypted: false }] };
  assert.match(
    paramsError('app.deploy', { deployment: noContent }) ?? '',
    /^\/deployment\/files\/0\/content/,
  );
  assert.match(paramsError('app.control', { app_id: 'a1', operation: 'explode' }) ?? '', /^\/operation/);
  assert.equal(paramsError('app.logs', { app_id: 'a1', tail: 50 }), null);
  assert.match(paramsError('app.logs', { app_id: 'a1', tail: -1 }) ?? '', /^\/tail/);
  assert.match(paramsError('network.create', {}) ?? '', /^\/name/);
  assert.equal(paramsError('app.statuses', {}), null);
});

test('an inventory message carries app ids, projects and digests; a mutating request may carry an operation id', () => {
  const inventory = { type: 'inventory', apps: [{ app_id: 'a1', project: 'p-blog', digest: 'abc' }] };
  assert.equal(decodeAgentMessage(JSON.stringify(inventory)).kind, 'message');
  assert.equal(
    decodeAgentMessage(JSON.stringify({ type: 'inventory', apps: [{ app_id: 'a1' }] })).kind,
    'invalid',
  );
  assert.equal(paramsError('app.delete', { app_id: 'a1', operation_id: 'op-1:undo' }), null);
  assert.match(paramsError('app.delete', { app_id: 'a1', operation_id: 'no spaces' }) ?? '', /operation_id/);
});

test('the deployment digest changes with any file or variable, and only with them', () => {
  const digest = deploymentDigest(deployment);
  assert.equal(digest, deploymentDigest(structuredClone(deployment)));
  assert.match(digest, /^[0-9a-f]{64}$/);
  const changed = { ...deployment, variables: [{ name: 'PORT', value: '81', is_encrypted: false }] };
  assert.notEqual(deploymentDigest(changed), digest);
  assert.notEqual(deploymentDigest({ ...deployment, project: 'other' }), digest);
});
