import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import type { AppDeployment, DeployProgress } from 'contract';
import { runCommand } from '../docker/run-command.js';
import { appTestBench, labelledLeftovers, NO_LEFTOVERS } from '../test/docker-fixtures.js';
import type { AppManager } from '../apps/app-manager.js';
import { DeployTrackers } from './deploy-tracker.js';

let apps: AppManager;
const bench = appTestBench('prog', {
  ready: (ready) => {
    apps = ready.apps();
  },
  extraImages: ({ prefix }) => [`${prefix}built:1`, `${prefix}slow:1`],
});
const { prefix, image } = bench;

interface Event {
  operationId: string;
  appId: string;
  progress: DeployProgress;
}

function watch(): { events: Event[]; deploys: DeployTrackers } {
  const events: Event[] = [];
  const deploys = new DeployTrackers((operationId, appId, progress) =>
    events.push({ operationId, appId, progress: structuredClone(progress) }),
  );
  return { events, deploys };
}

function deployment(appId: string, dockerfile: string, tag: string): AppDeployment {
  const compose = [
    'services:',
    '  web:',
    '    build: .',
    `    image: ${tag}`,
    '    command: ["sh", "-c", "exec httpd -f -p 8080 -h /www"]',
    '    stop_grace_period: 1s',
    '  cache:',
    `    image: ${image}`,
    '    command: ["sh", "-c", "exec httpd -f -p 8081 -h /www"]',
    '    stop_grace_period: 1s',
  ].join('\n');
  return {
    app_id: appId,
    project: appId,
    files: [
      { filename: 'compose.yml', content: compose, is_encrypted: false },
      { filename: 'Dockerfile', content: dockerfile, is_encrypted: false },
    ],
    variables: [],
  };
}

const quickBuild = (marker: string) =>
  `FROM ${image}\nRUN echo ${marker} > /www/index.html && echo built-${marker}\n`;
/** A build that prints a line, then takes a minute: long enough to cancel it in the middle. */
const slowBuild = `FROM ${image}\nRUN echo slow-build-started && sleep 60\n`;

async function until(check: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function containerIds(project: string): Promise<string[]> {
  const listed = await runCommand('docker', [
    'ps',
    '-q',
    '--filter',
    `label=com.docker.compose.project=${project}`,
  ]);
  return listed.stdout.split('\n').filter(Boolean).sort();
}

test('a build and up send progress events in order: the build output, then each service, with times', async () => {
  const { events, deploys } = watch();
  const app = deployment('watched', quickBuild('one'), `${prefix}built:1`);
  await deploys.track('op-watched', 'watched', (tracker) => apps.deploy(app, undefined, tracker));
  assert.ok(events.length >= 2, `events: ${events.length}`);
  assert.ok(events.every((event) => event.operationId === 'op-watched' && event.appId === 'watched'));
  const steps = events.map((event) => event.progress.step);
  const firstStarting = steps.indexOf('starting');
  assert.ok(steps.lastIndexOf('building') >= 0, `steps: ${steps.join(',')}`);
  assert.ok(steps.lastIndexOf('building') < firstStarting, `building before starting: ${steps.join(',')}`);
  const built = events.find((event) =>
    event.progress.builds[0]?.lines.some((line) => line.includes('built-one')),
  );
  assert.ok(built, 'the build output streamed');
  assert.equal(built.progress.builds[0]?.service, 'web');
  const last = events.at(-1)!.progress;
  assert.equal(last.step, 'starting');
  assert.deepEqual(last.services.map(({ service, state }) => [service, state]).sort(), [
    ['cache', 'running'],
    ['web', 'running'],
  ]);
  assert.ok(last.services.every((service) => service.at_ms > 0));
  // The deploy ended: nothing more is sent.
  const count = events.length;
  await new Promise((resolve) => setTimeout(resolve, 400));
  assert.equal(events.length, count);
});

test('a create cancelled during a slow build leaves nothing', async () => {
  const { events, deploys } = watch();
  const app = deployment('cancelcreate', slowBuild, `${prefix}slow:1`);
  const started = Date.now();
  const running = deploys.track('op-cancel-create', 'cancelcreate', (tracker) =>
    apps.deploy(app, undefined, tracker),
  );
  await until(
    () => events.some((event) => event.progress.builds[0]?.lines.includes('slow-build-started')),
    'the slow build to start',
  );
  assert.equal(deploys.cancel('op-cancel-create'), true);
  await assert.rejects(running, (error: Error & { code?: string }) => {
    assert.equal(error.code, 'AGENT-023');
    assert.match(
      error.message,
      /^The deploy was cancelled\. The app was not created and nothing of it was left on the server\.$/,
    );
    return true;
  });
  assert.ok(Date.now() - started < 45_000, 'compose was stopped, not waited for');
  assert.ok(events.some((event) => event.progress.cancelled && event.progress.step === 'rolling-back'));
  assert.deepEqual(await labelledLeftovers(`${prefix}cancelcreate`), NO_LEFTOVERS);
  assert.equal(existsSync(path.join(bench.dir, 'apps', 'cancelcreate')), false);
  assert.equal(deploys.cancel('op-cancel-create'), false, 'an ended deploy cannot be cancelled');
});

test('an update cancelled during a slow build leaves the previous files and containers', async () => {
  const { events, deploys } = watch();
  const first = deployment('cancelupdate', quickBuild('first'), `${prefix}built:1`);
  await apps.deploy(first);
  const project = `${prefix}cancelupdate`;
  const before = await containerIds(project);
  assert.equal(before.length, 2);
  const next = deployment('cancelupdate', slowBuild, `${prefix}slow:1`);
  const running = deploys.track('op-cancel-update', 'cancelupdate', (tracker) =>
    apps.deploy(next, undefined, tracker),
  );
  await until(
    () => events.some((event) => event.progress.builds[0]?.lines.includes('slow-build-started')),
    'the slow build to start',
  );
  deploys.cancel('op-cancel-update');
  await assert.rejects(running, (error: Error) => {
    assert.match(
      error.message,
      /^The deploy was cancelled\. The previous version was restored: its files are back/,
    );
    return true;
  });
  const dockerfile = await readFile(
    path.join(bench.dir, 'apps', 'cancelupdate', 'project', 'Dockerfile'),
    'utf8',
  );
  assert.equal(dockerfile, quickBuild('first'));
  assert.deepEqual(await containerIds(project), before, 'the same containers still run');
});
