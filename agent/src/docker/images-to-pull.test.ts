import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { imagesToPull } from './image-pull.js';
import { registryAuthFor } from './registries.js';

// What docker-compose 1.29 `config` prints: services of inactive profiles are listed too.
const MODEL = parseYaml(`
services:
  web:
    image: shop/web:2
  worker:
    image: shop/web:2
  db:
    image: postgres:16
    platform: linux/arm64
  api:
    build: {context: ./api}
    image: registry.example.com/shop/api:2
  assets:
    build: {context: ./assets}
  debug:
    image: busybox:debug
    profiles: [debug]
version: '3.9'
`);

test('the images a deploy pulls: one pull per image for all its services, active profiles only', () => {
  assert.deepEqual(imagesToPull(MODEL, [], false), [
    { image: 'shop/web:2', services: ['web', 'worker'], buildable: false },
    { image: 'postgres:16', services: ['db'], buildable: false, platform: 'linux/arm64' },
  ]);
  assert.deepEqual(
    imagesToPull(MODEL, ['debug'], false).map((image) => image.image),
    ['shop/web:2', 'postgres:16', 'busybox:debug'],
  );
});

test('an update pulls the images of services that can be built too, as compose pull does', () => {
  assert.deepEqual(
    imagesToPull(MODEL, [], true).map(({ image, buildable }) => [image, buildable]),
    [
      ['shop/web:2', false],
      ['postgres:16', false],
      ['registry.example.com/shop/api:2', true],
    ],
  );
  assert.deepEqual(imagesToPull(null, [], true), []);
});

test("a pull authenticates with the credentials stored for the image's registry, Docker Hub by any of its names", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dockhand-pull-auth-'));
  try {
    assert.equal(await registryAuthFor(dir, 'shop/web:2'), undefined, 'nothing stored');
    const auth = (user: string, password: string) => ({
      auth: Buffer.from(`${user}:${password}`).toString('base64'),
    });
    await writeFile(
      path.join(dir, 'config.json'),
      JSON.stringify({
        auths: {
          'registry.example.com:5000/team': auth('ada', 'pa:ss'),
          'index.docker.io': auth('hub-user', 'hub-pass'),
        },
      }),
    );
    const decoded = (header: string | undefined) =>
      header ? (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as object) : undefined;
    assert.deepEqual(decoded(await registryAuthFor(dir, 'registry.example.com:5000/team/api:1')), {
      username: 'ada',
      password: 'pa:ss',
      serveraddress: 'registry.example.com:5000/team',
    });
    assert.deepEqual(decoded(await registryAuthFor(dir, 'shop/web:2')), {
      username: 'hub-user',
      password: 'hub-pass',
      serveraddress: 'index.docker.io',
    });
    assert.equal(await registryAuthFor(dir, 'other.example.com/web:1'), undefined);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
