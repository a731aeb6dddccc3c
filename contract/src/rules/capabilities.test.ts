import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  decodeAdmissionPolicy,
  decodeUpdateOutcome,
  decodeUpdateSetting,
  encodeAdmissionPolicy,
  encodeUpdateOutcome,
  encodeUpdateSetting,
} from './capabilities.js';

test('the admission policy capability round-trips, and a malformed value decodes to nothing', () => {
  const report = { host_access: false, bind_roots: ['/srv/media'] };
  assert.equal(encodeAdmissionPolicy(report), '{"host_access":false,"bind_roots":["/srv/media"]}');
  assert.deepEqual(decodeAdmissionPolicy(encodeAdmissionPolicy(report)), report);
  for (const bad of [
    undefined,
    '',
    '{not json',
    'null',
    '{"host_access":"yes","bind_roots":[]}',
    '{"host_access":true}',
    '{"host_access":true,"bind_roots":[1]}',
  ])
    assert.equal(decodeAdmissionPolicy(bad), null, String(bad));
});

test('the update setting and the update outcome round-trip, and malformed values decode to nothing', () => {
  const setting = { dashboard: true, pin: '1.2.0' };
  assert.deepEqual(decodeUpdateSetting(encodeUpdateSetting(setting)), setting);
  assert.deepEqual(decodeUpdateSetting('{"dashboard":false,"pin":null}'), { dashboard: false, pin: null });
  for (const bad of ['{"dashboard":"no","pin":null}', '{"dashboard":true,"pin":3}', '[]'])
    assert.equal(decodeUpdateSetting(bad), null, bad);

  const outcome = {
    status: 'rolled_back' as const,
    version: '1.5.0',
    previous_version: '1.1.0',
    reason: 'it exited (code 1) before it came online',
    at: 1,
  };
  assert.deepEqual(decodeUpdateOutcome(encodeUpdateOutcome(outcome)), outcome);
  for (const bad of [
    '{"status":"failed","version":"1","previous_version":"0","at":1}',
    '{"status":"succeeded","version":1,"previous_version":"0","at":1}',
    '{"status":"succeeded","version":"1","previous_version":"0"}',
  ])
    assert.equal(decodeUpdateOutcome(bad), null, bad);
});
