import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeAdmissionPolicy, encodeAdmissionPolicy } from './capabilities.js';

test('the admission policy capability round-trips, and a malformed value decodes to nothing', () => {
  const report = { host_access: false, bind_roots: ['/srv/media'] };
  assert.equal(encodeAdmissionPolicy(report), '{"host_access":false,"bind_roots":["/srv/media"]}');
  assert.deepEqual(decodeAdmissionPolicy(encodeAdmissionPolicy(report)), report);
  for (const bad of [
    undefined,
    '',
    '{not json',
    '{"host_access":"yes","bind_roots":[]}',
    '{"host_access":true}',
  ])
    assert.equal(decodeAdmissionPolicy(bad), null, String(bad));
});
