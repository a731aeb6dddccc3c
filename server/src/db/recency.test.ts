import assert from 'node:assert/strict';
import { test } from 'node:test';
import { evictLeastRecent } from './recency.js';

const cacheOf = (...keys: string[]) => new Map(keys.map((key) => [key, { key, used: false }]));

test('a full cache drops the oldest entry not used since it was last passed over', () => {
  const entries = cacheOf('a', 'b', 'c');
  entries.get('a')!.used = true; // a hit
  assert.equal(evictLeastRecent(entries)?.key, 'b');
  // 'a' had its second chance and went to the back: next in line is 'c', then 'a' unless used again.
  assert.deepEqual([...entries.keys()], ['c', 'a']);
  entries.get('c')!.used = true;
  assert.equal(evictLeastRecent(entries)?.key, 'a');
  assert.equal(evictLeastRecent(entries)?.key, 'c');
  assert.equal(evictLeastRecent(entries), undefined);
});

test('when every entry was used, the oldest goes after one pass', () => {
  const entries = cacheOf('a', 'b');
  for (const entry of entries.values()) entry.used = true;
  assert.equal(evictLeastRecent(entries)?.key, 'a');
  assert.deepEqual([...entries.keys()], ['b']);
});
