import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { isAppId, newAppId } from './app-id.js';

test('a made app id is a version 4 UUID, and a new one each time', () => {
  const ids = new Set(Array.from({ length: 100 }, () => newAppId()));
  assert.equal(ids.size, 100);
  for (const id of ids) assert.ok(isAppId(id), id);
});

test("the server's own UUIDs are app ids; anything else is not", () => {
  assert.ok(isAppId(randomUUID()));
  for (const value of [
    '',
    'my-app',
    randomUUID().toUpperCase(),
    `${randomUUID()} `,
    '00000000-0000-0000-0000-000000000000',
    '../../etc/passwd',
  ])
    assert.equal(isAppId(value), false, value);
});
