/**
 * madeOnce (made-once.ts): the OIDC discovery and the development identity provider are made by
 * the first call that needs them, shared by all calls, and made again after a failure.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { madeOnce } from './made-once.js';

test('callers at the same time and later share one making', async () => {
  let makings = 0;
  const get = madeOnce(async () => ({ making: ++makings }));
  const [first, second] = await Promise.all([get(), get()]);
  assert.equal(first, second);
  assert.equal(await get(), first);
  assert.equal(makings, 1);
});

test('a failed making is not kept: the next call makes it again', async () => {
  let makings = 0;
  const get = madeOnce(async () => {
    makings += 1;
    if (makings === 1) throw new Error('issuer down');
    return 'ready';
  });
  await assert.rejects(get(), /issuer down/);
  assert.equal(await get(), 'ready');
  assert.equal(await get(), 'ready');
  assert.equal(makings, 2);
});
