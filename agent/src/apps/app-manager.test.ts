import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { certificateSpki } from '../crypto/certificate.js';
import { detectComposeCli } from '../docker/compose.js';
import { DockerEngine } from '../docker/engine.js';
import { NetworkService } from '../docker/networks.js';
import { runCommand } from '../docker/run-command.js';
import { loadOrCreateIdentity, type AgentIdentity } from '../identity.js';
import { encryptSecret, importRecipientKey, type AppDeployment } from 'contract';
import {
  buildBusyboxImage,
  httpdCompose,
  removeImage,
  removeProjects,
  containerEnv,
  testAppManager,
  testComposeRunner,
} from '../test/docker-fixtures.js';
import { AppManager } from './app-manager.js';
import { AppStatus } from 'contract';

const prefix = `dhagent${process.pid}-`;
const image = `dockhand-agent-test/busybox:${process.pid}`;
let dir: string;
let identity: AgentIdentity;
let apps: AppManager;
let engine: DockerEngine;

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dh-apps-'));
  identity = await loadOrCreateIdentity(path.join(dir, 'state'));
  await buildBusyboxImage(image);
  engine = new DockerEngine('/var/run/docker.sock');
  const compose = testComposeRunner(await detectComposeCli(), dir);
  apps = testAppManager({ dir, compose, privateKeyPem: identity.privateKeyPem, prefix });
});

after(async () => {
  await removeProjects(prefix);
  await removeImage(image);
  await rm(dir, { recursive: true, force: true });
});

function deployment(
  appId: string,
  files: AppDeployment['files'],
  variables: AppDeployment['variables'] = [],
): AppDeployment {
  return { app_id: appId, project: appId, files, variables };
}

test('deploys, controls and reads logs of an app; a secret is decrypted only on the agent', async () => {
  const secret = await encryptSecret(
    'top-secret-42',
    await importRecipientKey(certificateSpki(identity.certificatePem)),
  );
  const app = deployment(
    'app-one',
    [{ filename: 'compose.yml', content: httpdCompose(image), is_encrypted: false }],
    [
      { name: 'GREETING', value: 'hello', is_encrypted: false },
      { name: 'SECRET_VALUE', value: secret, is_encrypted: true },
    ],
  );
  const deployed = await apps.deploy(app);
  assert.equal(deployed.status, AppStatus.Active);
  assert.match(await containerEnv(`${prefix}app-one`), /APP_SECRET=top-secret-42/);
  const stored = await readFile(path.join(dir, 'apps', 'app-one', 'app.json'), 'utf8');
  assert.ok(!stored.includes('top-secret-42'), 'the agent keeps secrets encrypted at rest');

  assert.equal((await apps.control('app-one', 'stop')).status, AppStatus.Stopped);
  assert.equal((await apps.control('app-one', 'start')).status, AppStatus.Active);
  assert.equal((await apps.control('app-one', 'restart')).status, AppStatus.Active);
  assert.deepEqual(await apps.statuses(), [{ app_id: 'app-one', status: AppStatus.Active }]);

  const logs = await apps.logs('app-one', { tail: 50 });
  const ids = Object.keys(logs.containers);
  assert.equal(ids.length, 1);
  assert.match(logs.containers[ids[0] ?? ''] ?? '', /app-one.*web/);
  const started = logs.logs.find((entry) => entry.message === 'started hello');
  assert.ok(started, JSON.stringify(logs.logs));
  assert.equal(started.channel, 'stdout');
  assert.ok(logs.logs.some((entry) => entry.message === 'oops' && entry.channel === 'stderr'));
  assert.ok(Math.abs(started.timestamp - Date.now()) < 120_000);
  const last = logs.logs.at(-1)?.timestamp ?? 0;
  const later = await apps.logs('app-one', { sinceMs: last, untilMs: Date.now() });
  assert.ok(later.logs.every((entry) => entry.timestamp > last));

  await apps.delete('app-one');
  assert.equal(existsSync(path.join(dir, 'apps', 'app-one')), false);
  const left = await runCommand('docker', [
    'ps',
    '-aq',
    '--filter',
    `label=com.docker.compose.project=${prefix}app-one`,
  ]);
  assert.equal(left.stdout.trim(), '');
});

test('injection payloads in names, filenames and values are never interpreted', async () => {
  const marker = path.join(dir, 'pwned');
  const payloads = [
    `$(touch ${marker})`,
    `\`touch ${marker}\``,
    `; touch ${marker}`,
    `' && touch ${marker} '`,
  ];
  const compose = { filename: 'compose.yml', content: httpdCompose(image), is_encrypted: false };
  for (const payload of payloads) {
    await assert.rejects(
      apps.deploy({ ...deployment('bad', [compose]), project: `x${payload}` }),
      /Project name must be/,
    );
    await assert.rejects(
      apps.deploy({ ...deployment(`a${payload}`, [compose]), project: 'ok' }),
      /Invalid app id/,
    );
    await assert.rejects(
      apps.deploy(
        deployment('bad', [compose, { filename: `x${payload}`, content: '', is_encrypted: false }]),
      ),
      /Filename can only contain/,
    );
    await assert.rejects(
      apps.deploy(deployment('bad', [compose], [{ name: `V${payload}`, value: '', is_encrypted: false }])),
      /Variable name must start/,
    );
  }
  await assert.rejects(
    apps.deploy(deployment('bad', [compose, { filename: '../../etc/x', content: '', is_encrypted: false }])),
    /path traversal/,
  );
  const value = payloads.join(' ');
  await apps.deploy(deployment('inject', [compose], [{ name: 'GREETING', value, is_encrypted: false }]));
  assert.ok((await containerEnv(`${prefix}inject`)).includes(`APP_GREETING=${value}`));
  assert.equal(existsSync(marker), false);
  await apps.delete('inject');
});

test('networks are created, listed and deleted on the engine', async () => {
  const networks = new NetworkService(engine);
  const name = `${prefix}net`;
  await networks.create(name);
  assert.ok((await networks.list()).some((network) => network.name === name));
  await networks.delete(name);
  assert.ok(!(await networks.list()).some((network) => network.name === name));
  await assert.rejects(networks.create(''), /Network name is required/);
  await assert.rejects(networks.create('a;rm -rf /'), /can only contain/);
  assert.equal((await stat(path.join(dir, 'state'))).mode & 0o777, 0o700);
});

test('a redeploy writes new files, removes dropped ones and keeps secret files private', async () => {
  const compose = { filename: 'compose.yml', content: httpdCompose(image), is_encrypted: false };
  const secretFile = await encryptSecret(
    'password=abc',
    await importRecipientKey(certificateSpki(identity.certificatePem)),
  );
  await apps.deploy(
    deployment('files', [
      compose,
      { filename: 'conf/extra.txt', content: 'x', is_encrypted: false },
      { filename: 'conf/secret.env', content: secretFile, is_encrypted: true },
    ]),
  );
  const project = path.join(dir, 'apps', 'files', 'project');
  assert.equal(await readFile(path.join(project, 'conf', 'secret.env'), 'utf8'), 'password=abc');
  assert.equal((await stat(path.join(project, 'conf', 'secret.env'))).mode & 0o777, 0o600);
  await apps.deploy(deployment('files', [compose]), 'redeploy');
  assert.equal(existsSync(path.join(project, 'conf', 'extra.txt')), false);
  assert.equal(existsSync(path.join(project, 'conf', 'secret.env')), false);
  await apps.delete('files');
});
