import assert from 'node:assert/strict';
import { test } from 'node:test';
import { VERSION_PATTERN, compareVersions, sameVersion, sortVersionsDescending } from './versions.js';

const newestFirst = (names: string[]): string[] => sortVersionsDescending(names, (name) => name);

test('orders numerically, not alphabetically, newest first', () => {
  assert.deepEqual(newestFirst(['1.9.0', '1.10.0', '1.2.0', '10.0.0', '2.0.0']), [
    '10.0.0',
    '2.0.0',
    '1.10.0',
    '1.9.0',
    '1.2.0',
  ]);
  assert.deepEqual(newestFirst(['2024.7.0', '2025.02.0', '2024.12.0']), [
    '2025.02.0',
    '2024.12.0',
    '2024.7.0',
  ]);
});

test('ignores a leading v and compares mixed prefixes together', () => {
  assert.deepEqual(newestFirst(['v1.106.0', '1.120.0', 'v1.99.3']), ['1.120.0', 'v1.106.0', 'v1.99.3']);
  assert.ok(compareVersions('v2.0.0', '2.0.1') < 0);
  assert.ok(compareVersions('2.0.1', 'v2.0.0') > 0);
  assert.ok(sameVersion('v2.0.0', '2.0.0'));
  assert.ok(!sameVersion('2.0.0', '2.0.1'));
});

test('ignores any suffix after a dash when comparing major.minor.patch', () => {
  assert.ok(compareVersions('1.2.3-rc1', '1.2.2') > 0);
  assert.ok(compareVersions('1.2.3-beta', '1.2.4') < 0);
  assert.ok(compareVersions('6.7', '6.6.2') > 0);
  assert.equal(Math.sign(compareVersions('1.2', '1.2.1')), -1, 'a missing patch counts as 0');
});

test('accepts release names of the documented shape only', () => {
  for (const ok of ['1', '1.2', '1.2.3', 'v1.2.3', '2024.07.0', '30.0.4-rc1', 'v1.0.0-beta.2'])
    assert.ok(VERSION_PATTERN.test(ok), ok);
  for (const bad of ['', 'latest', 'v', '1..2', '1.2.3.4.5', '-1.2', '1.2-', 'RELEASE.2024-01-01'])
    assert.ok(!VERSION_PATTERN.test(bad), bad);
});
