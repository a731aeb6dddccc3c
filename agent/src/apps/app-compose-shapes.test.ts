// The compose projects people write (issue 14), deployed through the agent on the real engine:
// Compose's file selection, COMPOSE_FILE and COMPOSE_PROFILES, a subfolder config file, `.env`
// and an external volume. Each test asserts what Docker holds afterwards.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AppStatus, type AppDeployment } from 'contract';
import { detectComposeCli } from '../docker/compose.js';
import { runCommand } from '../docker/run-command.js';
import { appTestBench, containerEnv, labelledLeftovers, NO_LEFTOVERS } from '../test/docker-fixtures.js';
import type { AppManager } from './app-manager.js';

let apps: AppManager;
const bench = appTestBench('shape', { ready: (ready) => void (apps = ready.apps()) });
const { prefix, image } = bench;

function deployment(
  appId: string,
  files: Record<string, string>,
  variables: Record<string, string> = {},
): AppDeployment {
  return {
    app_id: appId,
    project: appId,
    files: Object.entries(files).map(([filename, content]) => ({ filename, content, is_encrypted: false })),
    variables: Object.entries(variables).map(([name, value]) => ({ name, value, is_encrypted: false })),
  };
}

function service(name: string, extra: string[] = [], first = ''): string {
  return [
    `  ${name}:`,
    `    image: ${image}`,
    `    command: ["sh", "-c", "${first}exec httpd -f -p 8080 -h /www"]`,
    '    stop_grace_period: 1s',
    ...extra.map((line) => `    ${line}`),
  ].join('\n');
}

/** The compose service names of the project's containers, sorted. */
async function servicesOf(appId: string): Promise<string[]> {
  const listed = await runCommand('docker', [
    'ps',
    '-a',
    '--filter',
    `label=com.docker.compose.project=${prefix}${appId}`,
    '--format',
    '{{.Label "com.docker.compose.service"}}',
  ]);
  return listed.stdout.split('\n').filter(Boolean).sort();
}

/** Runs `command` in the container of `serviceName` of the app. */
async function execIn(appId: string, serviceName: string, command: string[]): Promise<string> {
  const ids = await runCommand('docker', [
    'ps',
    '-q',
    '--filter',
    `label=com.docker.compose.project=${prefix}${appId}`,
    '--filter',
    `label=com.docker.compose.service=${serviceName}`,
  ]);
  const id = ids.stdout.split('\n')[0] ?? '';
  return (await runCommand('docker', ['exec', id, ...command])).stdout;
}

async function deleteAndCheck(appId: string): Promise<void> {
  await apps.delete(appId);
  assert.deepEqual(await labelledLeftovers(`${prefix}${appId}`), NO_LEFTOVERS);
}

const base = `services:\n${service('web', ['environment:', '  WHERE: base'])}`;
const override = 'services:\n  web:\n    environment:\n      WHERE: override';
const production = `services:\n${service('prod-only')}`;

test('compose.yml with its override is deployed; an alternative compose.prod.yml is not', async () => {
  const files = { 'compose.yml': base, 'compose.override.yml': override, 'compose.prod.yml': production };
  assert.equal((await apps.deploy(deployment('pick', files))).status, AppStatus.Active);
  assert.deepEqual(await servicesOf('pick'), ['web']);
  assert.match(await containerEnv(`${prefix}pick`), /^WHERE=override$/m);
  await deleteAndCheck('pick');
});

test('COMPOSE_FILE names the files in use; a file the app lacks is refused by name', async () => {
  const files = { 'compose.yml': base, 'compose.override.yml': override, 'compose.prod.yml': production };
  const chosen = deployment('chosen', files, { COMPOSE_FILE: 'compose.yml:compose.prod.yml' });
  assert.equal((await apps.deploy(chosen)).status, AppStatus.Active);
  assert.deepEqual(await servicesOf('chosen'), ['prod-only', 'web']);
  // Without the override: the base file's value.
  assert.match(await execIn('chosen', 'web', ['env']), /^WHERE=base$/m);
  await deleteAndCheck('chosen');

  const unknown = deployment('unknown', files, { COMPOSE_FILE: 'compose.yml:compose.staging.yml' });
  await assert.rejects(
    apps.deploy(unknown),
    /COMPOSE_FILE names compose\.staging\.yml, which is not a file of this app/,
  );
  const outside = deployment('outside', files, { COMPOSE_FILE: '../other/compose.yml' });
  await assert.rejects(
    apps.deploy(outside),
    /COMPOSE_FILE names \.\.\/other\/compose\.yml: .*path traversal/,
  );
  assert.deepEqual(await labelledLeftovers(`${prefix}unknown`), NO_LEFTOVERS);
});

test('services of a profile start only when COMPOSE_PROFILES names it', async () => {
  const files = { 'compose.yml': `${base}\n${service('debug', ['profiles: [debug]'])}` };
  await apps.deploy(deployment('profiled', files));
  assert.deepEqual(await servicesOf('profiled'), ['web']);
  const withDebug = deployment('profiled', files, { COMPOSE_PROFILES: 'debug' });
  assert.equal((await apps.deploy(withDebug)).status, AppStatus.Active);
  assert.deepEqual(await servicesOf('profiled'), ['debug', 'web']);
  await deleteAndCheck('profiled');
});

test('a config file in a subfolder is bind-mounted with its content', async () => {
  const files = {
    'compose.yml': `services:\n${service('web', ['volumes: ["./config/site.conf:/etc/site.conf:ro"]'])}`,
    'config/site.conf': 'listen 8080; # from the subfolder\n',
  };
  assert.equal((await apps.deploy(deployment('subfolder', files))).status, AppStatus.Active);
  const read = await execIn('subfolder', 'web', ['cat', '/etc/site.conf']);
  assert.equal(read, 'listen 8080; # from the subfolder\n');
  await deleteAndCheck('subfolder');
  await assert.rejects(
    apps.deploy(deployment('escape', { ...files, 'config/../../x.conf': '' })),
    /config\/\.\.\/\.\.\/x\.conf: Filename must not contain path traversal/,
  );
});

test("the project's .env is read for interpolation, and the app's variables win over it", async () => {
  const files = {
    'compose.yml': `services:\n${service('web', ['environment:', '  FROM_DOTENV: ${DOTENV_VALUE}', '  BOTH: ${SHARED}'])}`,
    '.env': 'DOTENV_VALUE=read from .env\nSHARED=dotenv\n',
  };
  await apps.deploy(deployment('dotenv', files, { SHARED: 'app variable' }));
  const env = await containerEnv(`${prefix}dotenv`);
  assert.match(env, /^FROM_DOTENV=read from \.env$/m);
  assert.match(env, /^BOTH=app variable$/m);
  await deleteAndCheck('dotenv');

  // A .env must not steer compose any more than a variable may.
  const steering = { ...files, '.env': 'export DOCKER_HOST=tcp://elsewhere:2375\n' };
  await assert.rejects(
    apps.deploy(deployment('steer', steering)),
    /\.env: Variable DOCKER_HOST is not allowed: names starting with COMPOSE_ or DOCKER_/,
  );
  assert.deepEqual(await labelledLeftovers(`${prefix}steer`), NO_LEFTOVERS);
});

test('an external volume is used, never removed with the app, and a missing one is named', async () => {
  const volume = `${prefix}shared-data`;
  const files = {
    'compose.yml': [
      'services:',
      service('web', ['volumes: ["data:/data"]'], 'echo kept > /data/file; '),
      'volumes:',
      `  data: {external: true, name: ${volume}}`,
    ].join('\n'),
  };
  await assert.rejects(apps.deploy(deployment('external', files)), new RegExp(volume));
  assert.deepEqual(await labelledLeftovers(`${prefix}external`), NO_LEFTOVERS);

  await runCommand('docker', ['volume', 'create', volume]);
  assert.equal((await apps.deploy(deployment('external', files))).status, AppStatus.Active);
  await deleteAndCheck('external');
  const kept = await runCommand('docker', [
    'run',
    '--rm',
    '-v',
    `${volume}:/data`,
    image,
    'cat',
    '/data/file',
  ]);
  assert.equal(kept.stdout, 'kept\n', 'the external volume and its data outlive the app');
});

test('include: refused by name under Compose v1 (nothing left), deployed under v2', async () => {
  const files = {
    'compose.yml': 'include: [parts/web.yml]\n',
    'parts/web.yml': `services:\n${service('web')}`,
  };
  const cli = await detectComposeCli();
  if ((cli.version?.major ?? 1) < 2) {
    await assert.rejects(
      apps.deploy(deployment('included', files)),
      /This server runs Compose v1[\d.]* \(legacy\), which does not support include in compose\.yml\. Install Compose v2 on the server/,
    );
    assert.deepEqual(await labelledLeftovers(`${prefix}included`), NO_LEFTOVERS);
  } else {
    assert.equal((await apps.deploy(deployment('included', files))).status, AppStatus.Active);
    assert.deepEqual(await servicesOf('included'), ['web']);
    await deleteAndCheck('included');
  }
});
