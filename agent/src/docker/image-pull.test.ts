/**
 * Images pulled for a deploy (issue 14, progress in bytes and layers): from a local registry
 * stand-in on real Docker, a create shows each layer's bytes as they arrive, and an image the
 * registry does not have fails the create naming the service and the image, leaving nothing.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { AppDeployment, DeployProgress } from 'contract';
import type { AppManager } from '../apps/app-manager.js';
import { DeployTrackers } from '../progress/deploy-tracker.js';
import { appTestBench, labelledLeftovers, NO_LEFTOVERS, removeImage } from '../test/docker-fixtures.js';
import { startRegistryStandIn, type RegistryStandIn } from '../test/registry-stand-in.js';
import { runCommand } from './run-command.js';

let apps: AppManager;
const bench = appTestBench('pull', {
  ready: (ready) => {
    apps = ready.apps();
  },
});
let registry: RegistryStandIn;

before(async () => {
  registry = await startRegistryStandIn('dockhand-test/pulled', `${process.pid}`);
});
after(async () => {
  await registry.close();
  await removeImage(registry.image);
});

function deployment(appId: string, image: string): AppDeployment {
  const compose = [
    'services:',
    '  web:',
    `    image: ${image}`,
    '    command: ["sh", "-c", "exec httpd -f -p 8080 -h /www"]',
    '    stop_grace_period: 1s',
  ].join('\n');
  return {
    app_id: appId,
    project: appId,
    files: [{ filename: 'compose.yml', content: compose, is_encrypted: false }],
    variables: [],
  };
}

function watch(): { snapshots: DeployProgress[]; deploys: DeployTrackers } {
  const snapshots: DeployProgress[] = [];
  const deploys = new DeployTrackers((_operationId, _appId, progress) =>
    snapshots.push(structuredClone(progress)),
  );
  return { snapshots, deploys };
}

test('a create pulls its image with the progress of each layer in bytes, then starts it', async () => {
  const { snapshots, deploys } = watch();
  const result = await deploys.track('op-pull', 'pulled', (tracker) =>
    apps.deploy(deployment('pulled', registry.image), undefined, tracker),
  );
  assert.equal(result.status, 1, 'the app runs');
  const total = registry.layerSizes.reduce((sum, size) => sum + size, 0);
  const images = snapshots.flatMap((snapshot) => snapshot.images);
  assert.ok(
    images.some(
      (image) => image.state === 'pulling' && image.bytes_done > 0 && image.bytes_done < image.bytes_total,
    ),
    `bytes shown while the layers download: ${JSON.stringify(images.map((image) => image.bytes_done))}`,
  );
  const last = snapshots.at(-1)!;
  assert.deepEqual(last.images, [
    {
      service: 'web',
      state: 'pulled',
      layers_total: 2,
      layers_done: 2,
      bytes_done: total,
      bytes_total: total,
    },
  ]);
  const steps = snapshots.map((snapshot) => snapshot.step);
  assert.ok(
    steps.indexOf('pulling') >= 0 && steps.indexOf('pulling') < steps.indexOf('starting'),
    steps.join(),
  );
  assert.match(
    result.output ?? '',
    new RegExp(`Pulling web \\(${registry.image.replace(/[.]/g, '\\.')}\\)\\.\\.\\. done`),
  );
  await apps.delete('pulled');
});

test('an image the registry does not have fails the create naming the service and the image, and leaves nothing', async () => {
  const { snapshots, deploys } = watch();
  const missing = `${registry.host}/dockhand-test/missing:1`;
  await assert.rejects(
    deploys.track('op-missing', 'missing', (tracker) =>
      apps.deploy(deployment('missing', missing), undefined, tracker),
    ),
    (error: Error) => {
      assert.match(
        error.message,
        new RegExp(
          `^Service web: the image ${missing.replace(/[.]/g, '\\.')} cannot be pulled \\(no such image or tag\\)\\. ` +
            'The Docker engine said: .*manifest unknown.*' +
            'The app was not created and nothing of it was left on the server\\.$',
        ),
      );
      return true;
    },
  );
  assert.equal(snapshots.flatMap((snapshot) => snapshot.images).at(-1)?.state, 'failed');
  assert.deepEqual(await labelledLeftovers(`${bench.prefix}missing`), NO_LEFTOVERS);
  assert.equal(existsSync(path.join(bench.dir, 'apps', 'missing')), false, 'no folder is left');
  assert.equal((await runCommand('docker', ['image', 'inspect', missing])).exitCode, 1);
});
