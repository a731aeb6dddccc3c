import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { AppDeployment } from 'contract';
import { ComposeRunner, detectComposeCli } from '../docker/compose.js';
import { runCommand } from '../docker/run-command.js';
import { loadOrCreateIdentity } from '../identity.js';
import {
  buildBusyboxImage,
  labelledLeftovers,
  NO_LEFTOVERS,
  removeImage,
  removeProjects,
  removeVolumes,
  testAppManager,
} from '../test/docker-fixtures.js';
import type { AppManager } from './app-manager.js';

const prefix = `dhdelete${process.pid}-`;
const image = `dockhand-agent-test/busybox:delete${process.pid}`;
const namedImage = `${prefix}built-worker:1`;
const externalVolume = `${prefix}external`;
let dir: string;
let apps: AppManager;

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dh-delete-'));
  const identity = await loadOrCreateIdentity(path.join(dir, 'state'));
  await buildBusyboxImage(image);
  await runCommand('docker', ['volume', 'create', externalVolume]);
  const compose = new ComposeRunner(await detectComposeCli(), { PATH: process.env.PATH, HOME: dir }, 120_000);
  apps = testAppManager({ dir, compose, privateKeyPem: identity.privateKeyPem, prefix });
});

after(async () => {
  await removeProjects(prefix);
  await removeVolumes(prefix);
  await removeImage(namedImage);
  await removeImage(`${prefix}wipe_web`);
  await removeImage(`${prefix}keep_web`);
  await removeImage(image);
  await rm(dir, { recursive: true, force: true });
});

/** A build context, a build tagged with its own image name, a named volume and an external one. */
function buildProject(appId: string): AppDeployment {
  const compose = [
    'services:',
    '  web:',
    '    build: .',
    '    command: ["sh", "-c", "echo kept > /data/file; exec httpd -f -p 8080 -h /www"]',
    '    stop_grace_period: 1s',
    '    volumes: [data:/data, shared:/shared]',
    '  worker:',
    '    build: ./worker',
    `    image: ${namedImage}`,
    '    command: ["sh", "-c", "exec httpd -f -p 8081 -h /www"]',
    '    stop_grace_period: 1s',
    'volumes:',
    '  data: {}',
    '  shared:',
    '    external: true',
    `    name: ${externalVolume}`,
  ].join('\n');
  const files = [
    { filename: 'compose.yml', content: compose },
    { filename: 'Dockerfile', content: `FROM ${image}\n` },
    { filename: 'worker/Dockerfile', content: `FROM ${image}\n` },
  ];
  return {
    app_id: appId,
    project: appId,
    files: files.map((file) => ({ ...file, is_encrypted: false })),
    variables: [],
  };
}

async function imageExists(name: string): Promise<boolean> {
  return (await runCommand('docker', ['image', 'inspect', name])).exitCode === 0;
}

async function volumeExists(name: string): Promise<boolean> {
  return (await runCommand('docker', ['volume', 'inspect', name])).exitCode === 0;
}

test('delete removes the containers, networks, named volumes and built images, never an external volume', async () => {
  const project = `${prefix}wipe`;
  await apps.deploy(buildProject('wipe'));
  const made = await labelledLeftovers(project);
  assert.equal(made.containers.length, 2);
  assert.ok(await volumeExists(`${project}_data`));
  assert.ok(await imageExists(namedImage));

  assert.deepEqual(await apps.delete('wipe'), { deleted: true });
  assert.deepEqual(await labelledLeftovers(project), NO_LEFTOVERS);
  assert.equal(await volumeExists(`${project}_data`), false);
  assert.equal(await imageExists(namedImage), false, 'the image built with its own name is gone');
  assert.equal(await imageExists(`${project}_web`), false, 'the image compose named is gone');
  assert.equal(await imageExists(image), true, 'the base image is not the app’s');
  assert.equal(await volumeExists(externalVolume), true, 'an external volume is never removed');
  assert.equal(existsSync(path.join(dir, 'apps', 'wipe')), false);
});

test('delete keeping the data volumes removes everything else and leaves the data readable', async () => {
  const project = `${prefix}keep`;
  await apps.deploy(buildProject('keep'));
  assert.deepEqual(await apps.delete('keep', { keepVolumes: true }), { deleted: true });
  const left = await labelledLeftovers(project);
  assert.deepEqual({ ...left, volumes: [] }, NO_LEFTOVERS);
  assert.deepEqual(left.volumes, [`${project}_data`]);
  const read = await runCommand('docker', [
    'run',
    '--rm',
    '-v',
    `${project}_data:/data`,
    image,
    'cat',
    '/data/file',
  ]);
  assert.equal(read.stdout.trim(), 'kept');
  assert.equal(await volumeExists(externalVolume), true);
  assert.equal(existsSync(path.join(dir, 'apps', 'keep')), false);
});

test('deleting an app the agent does not know answers deleted: false', async () => {
  assert.deepEqual(await apps.delete('never-deployed'), { deleted: false });
});
