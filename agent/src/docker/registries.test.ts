import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { RegistryStore } from './registries.js';

test('the agent refuses a registry address that is not host[:port][/path] and writes nothing', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dockhand-registries-'));
  try {
    const store = new RegistryStore(dir, 'unused: no credentials are sent');
    const invalid =
      'Address must be a registry host with an optional port and path, such as registry.example.com:5000';
    for (const address of ['https://ghcr.io', 'ghcr.io\r\nx', 'gh\u0000cr.io', 'user:pw@ghcr.io'])
      await assert.rejects(store.create(address, '', ''), { message: invalid }, JSON.stringify(address));
    await assert.rejects(store.create('a'.repeat(1024 * 1024), '', ''), {
      message: 'Address must be 255 characters or less',
    });
    await assert.rejects(store.create('  ', '', ''), { message: 'Address is required' });
    assert.deepEqual(await store.list(), []);
    assert.deepEqual(await store.create(' registry.example.com:5000 ', '', ''), {
      address: 'registry.example.com:5000',
      username: '',
    });
    const written = JSON.parse(await readFile(path.join(dir, 'config.json'), 'utf8'));
    assert.deepEqual(Object.keys(written.auths), ['registry.example.com:5000']);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
