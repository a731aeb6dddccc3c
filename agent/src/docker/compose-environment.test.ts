import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { AppManager } from '../apps/app-manager.js';
import { AppStatus } from 'contract';
import { loadOrCreateIdentity } from '../identity.js';
import {
  buildBusyboxImage,
  httpdCompose,
  removeImage,
  removeProjects,
  containerEnv,
  testAppManager,
} from '../test/docker-fixtures.js';
import { ComposeRunner, composeArgs, configSubcommand } from './compose.js';
import { envFileText } from './env-file.js';
import { runCommand } from './run-command.js';

const prefix = `dhenv${process.pid}-`;
const image = `dockhand-agent-test/busybox-env:${process.pid}`;
let dir: string;
let dumps: string;
let apps: AppManager;

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dh-env-'));
  dumps = path.join(dir, 'dumps');
  await runCommand('mkdir', [dumps]);
  // Stands in for docker-compose: records its own environment, then becomes the real compose.
  const wrapper = path.join(dir, 'compose-wrapper');
  await writeFile(wrapper, `#!/bin/sh\ncat /proc/$$/environ > '${dumps}/'$$\nexec docker-compose "$@"\n`);
  await chmod(wrapper, 0o755);
  const identity = await loadOrCreateIdentity(path.join(dir, 'state'));
  await buildBusyboxImage(image);
  const compose = new ComposeRunner(
    { command: wrapper, baseArgs: [] },
    { PATH: process.env.PATH, HOME: dir },
    120_000,
  );
  apps = testAppManager({ dir, compose, privateKeyPem: identity.privateKeyPem, prefix });
});

after(async () => {
  await removeProjects(prefix);
  await removeImage(image);
  await rm(dir, { recursive: true, force: true });
});

test("app variables reach compose through an env file, never as the compose process's environment", async () => {
  const marker = path.join(dir, 'ran-on-the-host');
  const tricky = `it's \\ a $dollar, \${HOME} and $(touch ${marker}) "quoted"`;
  const deployment = {
    app_id: 'env-app',
    project: 'env-app',
    files: [
      { filename: 'compose.yml', content: httpdCompose(image), is_encrypted: false },
      // The attack of the security review: compose v1 is Python and would import this.
      {
        filename: 'sitecustomize.py',
        content: `open(${JSON.stringify(marker)}, 'w').write('pwned')\n`,
        is_encrypted: false,
      },
    ],
    variables: [
      { name: 'GREETING', value: tricky, is_encrypted: false },
      { name: 'PYTHONPATH', value: '.', is_encrypted: false },
      { name: 'LD_PRELOAD', value: '/nonexistent/evil.so', is_encrypted: false },
    ],
  };
  assert.equal((await apps.deploy(deployment)).status, AppStatus.Active);

  const runs = await readdir(dumps);
  assert.ok(runs.length >= 2, 'config and up both ran through the wrapper');
  for (const run of runs) {
    const environ = (await readFile(path.join(dumps, run), 'utf8')).split('\0').filter(Boolean);
    const names = environ.map((entry) => entry.slice(0, entry.indexOf('=')));
    assert.deepEqual(names.sort(), ['HOME', 'PATH'], `compose ${run} ran with ${names.join(', ')}`);
    assert.ok(!environ.some((entry) => entry.includes('evil.so') || entry.includes('dollar')));
  }
  assert.equal(existsSync(marker), false, 'no code of the app ran outside a container');
  // Interpolation still sees every value exactly.
  assert.ok((await containerEnv(`${prefix}env-app`)).includes(`APP_GREETING=${tricky}\n`));
  const envFile = path.join(dir, 'apps', 'env-app', 'compose.env');
  assert.equal((await stat(envFile)).mode & 0o777, 0o600);
  assert.equal(existsSync(path.join(dir, 'apps', 'env-app', 'project', 'compose.env')), false);
  await apps.delete('env-app');
});

test('compose v2 command lines carry the env file, the files and profiles, and read the model as JSON', () => {
  const project = {
    name: 'p',
    directory: '/apps/a/project',
    composeFiles: ['compose.yml', 'compose.override.yml'],
    profiles: ['debug'],
    variables: {},
    envFile: '/apps/a/compose.env',
  };
  const v2 = { command: 'docker', baseArgs: ['compose'] };
  assert.deepEqual(composeArgs(v2, project, [...configSubcommand(v2)]), [
    'compose',
    '--project-name',
    'p',
    '--project-directory',
    '/apps/a/project',
    '--env-file',
    '/apps/a/compose.env',
    '--file',
    'compose.yml',
    '--file',
    'compose.override.yml',
    '--profile',
    'debug',
    'config',
    '--format',
    'json',
  ]);
  assert.deepEqual(
    composeArgs({ command: 'docker-compose', baseArgs: [] }, project, ['up', '-d']).slice(0, 6),
    ['--project-name', 'p', '--project-directory', '/apps/a/project', '--env-file', '/apps/a/compose.env'],
  );
});

test("env files in each compose version's dialect", () => {
  const variables = { A: `it's \\'q' "d" \${HOME} $x`, B: 'two\nlines' };
  // compose-go's dotenv: double quotes decode \\, \" and \$ (to a literal $) and expand nothing else.
  assert.equal(envFileText(variables, 'v2'), `A="it's \\\\'q' \\"d\\" \\\${HOME} \\$x"\nB="two\nlines"\n`);
  assert.equal(
    envFileText(variables, 'v1'),
    `__dockhand.dollar='$'\nA='it\\'s \\\\\\'q\\' "d" \${__dockhand.dollar}{HOME} $x'\nB='two\nlines'\n`,
  );
});
