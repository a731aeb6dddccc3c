import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { AppDeployment } from 'contract';
import { DockerEngine } from '../docker/engine.js';
import { runCommand } from '../docker/run-command.js';
import { VolumeService } from '../docker/volumes.js';
import { labelledLeftovers, NO_LEFTOVERS, appTestBench } from '../test/docker-fixtures.js';
import type { AppManager } from './app-manager.js';

let apps: AppManager;
const bench = appTestBench('delete', {
  extraImages: ({ prefix }) => [
    `${prefix}built-worker:1`,
    `${prefix}wipe_web`,
    `${prefix}keep_web`,
    `${prefix}vols_web`,
  ],
  ready: async (ready) => {
    await runCommand('docker', ['volume', 'create', externalVolume]);
    apps = ready.apps();
  },
});
const { prefix, image } = bench;
const namedImage = `${prefix}built-worker:1`;
const externalVolume = `${prefix}external`;

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

  const wiped = await apps.delete('wipe');
  assert.equal(wiped.deleted, true);
  assert.match(
    wiped.output ?? '',
    /^Removed the app's containers, networks, named volumes, images built for it and its files\.$/m,
  );
  assert.deepEqual(await labelledLeftovers(project), NO_LEFTOVERS);
  assert.equal(await volumeExists(`${project}_data`), false);
  assert.equal(await imageExists(namedImage), false, 'the image built with its own name is gone');
  assert.equal(await imageExists(`${project}_web`), false, 'the image compose named is gone');
  assert.equal(await imageExists(image), true, 'the base image is not the app’s');
  assert.equal(await volumeExists(externalVolume), true, 'an external volume is never removed');
  assert.equal(existsSync(path.join(bench.dir, 'apps', 'wipe')), false);
});

test('delete keeping the data volumes removes everything else and leaves the data readable', async () => {
  const project = `${prefix}keep`;
  await apps.deploy(buildProject('keep'));
  const kept = await apps.delete('keep', { keepVolumes: true });
  assert.equal(kept.deleted, true);
  assert.match(kept.output ?? '', /its data volumes were kept\.$/);
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
  assert.equal(existsSync(path.join(bench.dir, 'apps', 'keep')), false);
});

test('deleting an app the agent does not know answers deleted: false', async () => {
  assert.deepEqual(await apps.delete('never-deployed'), { deleted: false });
});

test('the volume list names the app of each volume; only a volume of no app can be removed there', async () => {
  const volumes = new VolumeService(new DockerEngine('/var/run/docker.sock'), () => apps.appsByProject());
  const data = `${prefix}vols_data`;
  await apps.deploy(buildProject('vols'));
  const listed = await volumes.list();
  const owned = listed.find((volume) => volume.name === data);
  assert.equal(owned?.app_id, 'vols');
  assert.equal(typeof owned?.size, 'number');
  assert.equal(listed.find((volume) => volume.name === externalVolume)?.app_id, null);
  await assert.rejects(volumes.delete(data), /belongs to an app: it is removed when the app is deleted/);
  await assert.rejects(volumes.delete('x;rm -rf /'), /Volume name is not valid/);

  await apps.delete('vols', { keepVolumes: true });
  assert.equal((await volumes.list()).find((volume) => volume.name === data)?.app_id, null);
  assert.deepEqual(await volumes.delete(data), { name: data });
  assert.equal(await volumeExists(data), false);
  await assert.rejects(volumes.delete(data), /does not exist/);
});
