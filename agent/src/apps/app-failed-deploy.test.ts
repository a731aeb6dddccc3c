import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { AppStatus, failedDeployLogs, type AppDeployment } from 'contract';
import { runCommand } from '../docker/run-command.js';
import { outputOf } from '../errors.js';
import { httpdCompose, labelledLeftovers, NO_LEFTOVERS, appTestBench } from '../test/docker-fixtures.js';
import type { AppManager } from './app-manager.js';

let apps: AppManager;
/** The same agent with a compose time limit of a few seconds. */
let impatient: AppManager;
const bench = appTestBench('fail', {
  ready: (ready) => {
    apps = ready.apps();
    impatient = ready.apps(6_000);
  },
});
const { prefix, image } = bench;

function deployment(appId: string, files: Record<string, string>): AppDeployment {
  return {
    app_id: appId,
    project: appId,
    files: Object.entries(files).map(([filename, content]) => ({ filename, content, is_encrypted: false })),
    variables: [],
  };
}

/** A service that starts and holds a named volume: a failing create has made something by then. */
const holder = [
  '  holder:',
  `    image: ${image}`,
  '    command: ["sh", "-c", "exec httpd -f -p 8080 -h /www"]',
  '    stop_grace_period: 1s',
  '    volumes: [data:/data]',
].join('\n');
const volumes = 'volumes:\n  data: {}';

/** db runs `dbScript` and never becomes healthy (no /data/config); web waits for it to be. */
function unhealthyDb(dbScript: string): string {
  return [
    'services:',
    '  db:',
    `    image: ${image}`,
    `    command: ["sh", "-c", ${JSON.stringify(dbScript)}]`,
    '    stop_grace_period: 1s',
    '    healthcheck:',
    '      test: ["CMD", "test", "-e", "/data/config"]',
    '      interval: 1s',
    '      retries: 2',
    '  web:',
    `    image: ${image}`,
    '    command: ["sh", "-c", "exec httpd -f -p 8081 -h /www"]',
    '    depends_on:',
    '      db:',
    '        condition: service_healthy',
  ].join('\n');
}

async function assertNothingLeft(appId: string, failure: Promise<unknown>, reason: RegExp): Promise<void> {
  await assert.rejects(failure, (error: Error) => {
    assert.match(error.message, reason);
    assert.match(error.message, /The app was not created and nothing of it was left on the server\.$/);
    return true;
  });
  assert.deepEqual(await labelledLeftovers(`${prefix}${appId}`), NO_LEFTOVERS);
  assert.equal(
    existsSync(path.join(bench.dir, 'apps', appId)),
    false,
    'no folder, no app.json, no secret file',
  );
}

test('a create whose compose file is broken leaves no folder and no file', async () => {
  const broken = deployment('broken', {
    'compose.yml': `services:\n  web:\n    image: ${image}\n    ports: [[`,
    'secret.env': 'PASSWORD=plain',
  });
  await assertNothingLeft('broken', apps.deploy(broken), /docker compose config failed/);
  // The first line names the user's file and where it breaks; no path of the agent's.
  await assert.rejects(apps.deploy(broken), (error: Error) => {
    assert.match(error.message, /^compose\.yml is not valid YAML \(line \d+/);
    assert.ok(!error.message.includes(bench.dir), error.message);
    return true;
  });
});

test('a create refused by the admission policy leaves nothing', async () => {
  const refused = deployment('refused', {
    'compose.yml': `services:\n  web:\n    image: ${image}\n    privileged: true\n`,
  });
  await assertNothingLeft('refused', apps.deploy(refused), /privileged/);
});

test('a create with a secret file the agent cannot decrypt leaves nothing', async () => {
  const app = deployment('undecryptable', { 'compose.yml': httpdCompose(image) });
  app.files.push({ filename: 'secret.env', content: 'not-an-envelope', is_encrypted: true });
  await assertNothingLeft('undecryptable', apps.deploy(app), /secret\.env/);
});

test('a create whose image cannot be pulled leaves nothing', async () => {
  const app = deployment('unpullable', {
    'compose.yml': `services:\n${holder}\n  web:\n    image: dockhand-test-missing/nothing-here:0\n${volumes}\n`,
  });
  await assertNothingLeft(
    'unpullable',
    apps.deploy(app),
    // The agent pulls before compose up (docker/image-pull.ts): the pull names what failed.
    /the image dockhand-test-missing\/nothing-here:0 cannot be pulled/,
  );
  await assert.rejects(apps.deploy(app), (error: Error) => {
    assert.match(
      error.message,
      /^Service web: the image dockhand-test-missing\/nothing-here:0 cannot be pulled/,
    );
    assert.ok(!error.message.includes(bench.dir), error.message);
    return true;
  });
});

test('a create whose build fails leaves nothing, and the first line names the service, the step and its command', async () => {
  const app = deployment('badbuild', {
    'compose.yml': `services:\n${holder}\n  web:\n    build: ./app\n${volumes}\n`,
    'app/Dockerfile': `FROM ${image}\nRUN echo building\nRUN test -e /nonexistent\n`,
  });
  await assertNothingLeft(
    'badbuild',
    apps.deploy(app),
    /^Service web: its image could not be built: step 3\/3 \(RUN test -e \/nonexistent\) failed with exit code 1\. docker compose up failed/,
  );
});

test('an unhealthy service is named by its service, never by its container id', async () => {
  const app = deployment('unhealthy', {
    'compose.yml': unhealthyDb('exec httpd -f -p 8080 -h /www'),
  });
  await assertNothingLeft(
    'unhealthy',
    apps.deploy(app),
    /^Service db is unhealthy \(its healthcheck fails\), so web, which waits for it, was not started\. /,
  );
  await assert.rejects(apps.deploy(app), (error: Error) => {
    assert.doesNotMatch(error.message, /\b[0-9a-f]{12}\b/, 'no container id');
    assert.doesNotMatch(error.message, new RegExp(`${prefix}unhealthy[_-]db`), 'no container name');
    return true;
  });
});

test('a create whose container cannot start leaves nothing, the containers that started included', async () => {
  const app = deployment('badstart', {
    'compose.yml': `services:\n${holder}\n  web:\n    image: ${image}\n    command: ["/no/such/program"]\n    depends_on: [holder]\n${volumes}\n`,
  });
  await assertNothingLeft('badstart', apps.deploy(app), /no\/such\/program/);
});

test('a create that runs out of time leaves nothing', async () => {
  const app = deployment('slow', {
    'compose.yml': [
      'services:',
      holder,
      '    healthcheck:',
      '      test: ["CMD", "test", "-e", "/never"]',
      '      interval: 1s',
      '      retries: 1000',
      '  web:',
      `    image: ${image}`,
      '    command: ["sh", "-c", "exec httpd -f -p 8081 -h /www"]',
      '    depends_on:',
      '      holder:',
      '        condition: service_healthy',
      volumes,
    ].join('\n'),
  });
  await assertNothingLeft('slow', impatient.deploy(app), /timed out/);
});

test("a failed update keeps its containers' last lines in its output before the rollback replaces them", async () => {
  await apps.deploy(deployment('forgetful', { 'compose.yml': httpdCompose(image) }));
  const unhealthy = deployment('forgetful', {
    'compose.yml': unhealthyDb(
      'echo db: reading /data/config; echo db: config missing >&2; exec httpd -f -p 8080 -h /www',
    ),
  });
  await assert.rejects(apps.deploy(unhealthy), (error: Error) => {
    assert.match(error.message, /^Service db is unhealthy/);
    assert.match(error.message, /The previous version was restored/);
    // Every container of the project at that moment, by service: the new db and the running web.
    const kept = failedDeployLogs(outputOf(error) ?? '');
    // Both lines, in either order: printed in the same millisecond, one on stdout, one on stderr.
    assert.deepEqual(
      kept
        .filter((line) => line.service === 'db')
        .map((line) => line.message)
        .sort(),
      ['db: config missing', 'db: reading /data/config'],
    );
    assert.ok(kept.some((line) => line.service === 'web' && line.message === 'started none'));
    return true;
  });
  // The rollback removed the failed db container: its lines live on only in the deploy's output.
  assert.equal((await labelledLeftovers(`${prefix}forgetful`)).containers.length, 1);
  await apps.delete('forgetful');
});

async function containerIds(project: string): Promise<string> {
  const ids = await runCommand('docker', [
    'ps',
    '-q',
    '--filter',
    `label=com.docker.compose.project=${project}`,
  ]);
  return ids.stdout.trim();
}

test('a failed update restores the previous files and leaves the previous containers as they were', async () => {
  const good = deployment('steady', { 'compose.yml': httpdCompose(image), 'site.conf': 'v1' });
  await apps.deploy(good);
  const running = await containerIds(`${prefix}steady`);
  assert.notEqual(running, '');
  const project = path.join(bench.dir, 'apps', 'steady', 'project');

  const broken = deployment('steady', { 'compose.yml': 'services: [[', 'extra.txt': 'new' });
  await assert.rejects(apps.deploy(broken), (error: Error) => {
    assert.match(
      error.message,
      /The previous version was restored: its files are back and its containers were left as they were\.$/,
    );
    return true;
  });
  assert.equal(await containerIds(`${prefix}steady`), running, 'the same container still runs');
  assert.equal(await readFile(path.join(project, 'compose.yml'), 'utf8'), httpdCompose(image));
  assert.equal(await readFile(path.join(project, 'site.conf'), 'utf8'), 'v1');
  assert.equal(existsSync(path.join(project, 'extra.txt')), false);

  const failing = deployment('steady', {
    'compose.yml': `services:\n  web:\n    image: ${image}\n    command: ["/no/such/program"]\n`,
  });
  await assert.rejects(apps.deploy(failing), /its files are back and its containers run it again\.$/);
  assert.equal(await readFile(path.join(project, 'compose.yml'), 'utf8'), httpdCompose(image));
  assert.deepEqual(await apps.statuses(), [{ app_id: 'steady', status: AppStatus.Active }]);
  await apps.delete('steady');
});
