import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatBytes } from './format-bytes.js';

test('base 1024 and two decimals by default, trailing zeros dropped', () => {
  assert.equal(formatBytes(0), '0 Bytes');
  assert.equal(formatBytes(512), '512 Bytes');
  assert.equal(formatBytes(1024), '1 KB');
  assert.equal(formatBytes(1536), '1.5 KB');
  assert.equal(formatBytes(1234567), '1.18 MB');
  assert.equal(formatBytes(8 * 1024 ** 3), '8 GB');
});

test('the decimals argument', () => {
  assert.equal(formatBytes(1234567, 0), '1 MB');
  assert.equal(formatBytes(1234567, 3), '1.177 MB');
});

test('rounded up, a size over a limit never reads as the limit', () => {
  assert.equal(formatBytes(512 * 1024 + 1, 1), '512 KB');
  assert.equal(formatBytes(512 * 1024 + 1, 1, 'up'), '512.1 KB');
  assert.equal(formatBytes(1536 * 1024, 1, 'up'), '1.5 MB');
  assert.equal(formatBytes(1200 * 1024, 1, 'up'), '1.2 MB');
  assert.equal(formatBytes(1024 * 1024 - 1, 1, 'up'), '1024 KB');
});

test('up to YB and never past it', () => {
  assert.equal(formatBytes(1024 ** 8), '1 YB');
  assert.equal(formatBytes(1024 ** 9), '1024 YB');
});

test('bad input reads as zero instead of crashing; fractions of a byte stay on Bytes', () => {
  assert.equal(formatBytes(-5), '0 Bytes');
  assert.equal(formatBytes(Number.NaN), '0 Bytes');
  assert.equal(formatBytes(0.5), '0.5 Bytes');
});
