import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { deploymentDigest, type AppDeployment } from 'contract';
import { AppInventory } from './app-inventory.js';
import { AppStore } from './app-store.js';

let dir: string;
before(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'dh-inventory-'))));
after(() => rm(dir, { recursive: true, force: true }));

test('the inventory lists every app folder with its project and the digest of its deployment', async () => {
  const store = new AppStore(dir);
  const deployment: AppDeployment = {
    app_id: '0b6f7a3e-5c1d-4f7e-9a2b-3c4d5e6f7a8b',
    project: 'blog-0b6f7a3e',
    files: [{ filename: 'compose.yml', content: 'services: {}\n', is_encrypted: false }],
    variables: [{ name: 'TOKEN', value: 'ciphertext', is_encrypted: true }],
  };
  await store.save({ deployment, projectName: `pfx-${deployment.project}`, desiredRunning: true });
  const inventory = new AppInventory(store);
  assert.deepEqual(await inventory.list(), [
    { app_id: deployment.app_id, project: 'pfx-blog-0b6f7a3e', digest: deploymentDigest(deployment) },
  ]);
  assert.deepEqual(await inventory.export(deployment.app_id), deployment);
  await assert.rejects(inventory.export('6a0c1d2e-0000-4000-8000-000000000000'), /not deployed/);
});
