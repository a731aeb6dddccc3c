/**
 * Watching and cancelling a deploy end to end (issue 14): a real server process, a real agent
 * process and Docker. A create with a build shows its build output through get-deploy-progress
 * while it runs and nothing once it ended; a create cancelled in the middle of a slow build fails
 * with the agent's words and leaves no record, no labelled container and no folder.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { buildBusyboxImage, docker } from '../test/docker-fixtures.js';
import { waitUntil } from '../test/processes.js';
import { RealStack, type Answer } from '../test/real-stack.js';

const prefix = `dhwatch${process.pid}-`;
const image = `dockhand-server-test/busybox:watch${process.pid}`;
const stack = new RealStack({ prefix, email: 'deploy-watch@example.com' });

function createBody(name: string, buildStep: string) {
  return {
    config: {
      name,
      files: [
        { id: 'c', filename: 'compose.yml', is_encrypted: false, type: 'user' },
        { id: 'd', filename: 'Dockerfile', is_encrypted: false, type: 'user' },
      ],
      variables: [],
    },
    files: {
      c: [
        'services:',
        '  web:',
        '    build: .',
        `    image: ${prefix}${name}:1`,
        '    command: ["sh", "-c", "exec httpd -f -p 8080 -h /www"]',
        '    stop_grace_period: 1s',
        '',
      ].join('\n'),
      d: `FROM ${image}\nRUN ${buildStep}\n`,
    },
    variables: {},
  };
}

/** The app id of the create running now (its row is not saved before the agent answers). */
async function runningCreate(): Promise<string> {
  let appId = '';
  await waitUntil(async () => {
    const row = await stack.control.dockhand.db
      .selectFrom('app_operations')
      .select('app_id')
      .where('state', '=', 'pending')
      .where('action', '=', 'create')
      .executeTakeFirst();
    appId = row?.app_id ?? '';
    return appId !== '';
  }, 30_000);
  return appId;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answer's shape is the route's
async function progressOf(appId: string): Promise<any> {
  const answer = await stack.api(
    'GET',
    `/api/v1/apps/get-deploy-progress?agent_id=${stack.agentId}&app_id=${appId}`,
  );
  assert.equal(answer.status, 200, answer.message);
  return answer.data.deploy;
}

/** Waits until the running deploy's build printed `line`; returns the deploy. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
async function buildPrinted(appId: string, line: string): Promise<any> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  let deploy: any = null;
  await waitUntil(async () => {
    deploy = await progressOf(appId);
    return Boolean(deploy?.progress?.builds.some((build: { lines: string[] }) => build.lines.includes(line)));
  }, 60_000);
  return deploy;
}

before(async () => {
  await buildBusyboxImage(image);
  await stack.start();
  const paired = await stack.pairAgent();
  assert.equal(paired.success, true, paired.message);
});

after(async () => {
  await stack.stop();
  for (const tag of [image, `${prefix}watched:1`, `${prefix}cancelled:1`])
    await docker('rmi', '-f', tag).catch(() => '');
});

test('a create with a build shows its build output while it runs, and nothing once it ended', async () => {
  const creating = stack.api(
    'POST',
    `/api/v1/apps/create-app?agent_id=${stack.agentId}`,
    createBody('watched', 'echo watch-build-started && sleep 3 && echo watch-build-done'),
  );
  const appId = await runningCreate();
  const deploy = await buildPrinted(appId, 'watch-build-started');
  assert.equal(deploy.action, 'create');
  assert.equal(deploy.progress.step, 'building');
  assert.equal(deploy.progress.builds[0].service, 'web');
  const answer: Answer = await creating;
  assert.equal(answer.status, 200, answer.message);
  assert.equal(await progressOf(appId), null);
});

test('a create cancelled during its build leaves no record, no container and no folder', async () => {
  const creating = stack.api(
    'POST',
    `/api/v1/apps/create-app?agent_id=${stack.agentId}`,
    createBody('cancelled', 'echo slow-build-started && sleep 120'),
  );
  const appId = await runningCreate();
  const deploy = await buildPrinted(appId, 'slow-build-started');
  const cancelled = await stack.api('POST', `/api/v1/apps/cancel-deploy?agent_id=${stack.agentId}`, {
    app_id: appId,
    deploy_id: deploy.id,
  });
  assert.equal(cancelled.status, 200, cancelled.message);
  const answer: Answer = await creating;
  assert.notEqual(answer.status, 200);
  assert.match(
    answer.message,
    /^The deploy was cancelled\. The app was not created and nothing of it was left/,
  );
  await waitUntil(async () => !existsSync(stack.folderOf(appId)), 30_000);
  const labels = await docker('ps', '-a', '--format', '{{.Label "com.docker.compose.project"}}');
  assert.deepEqual(
    labels.split('\n').filter((project) => project.startsWith(`${prefix}cancelled`)),
    [],
  );
  const apps = (await stack.api('GET', `/api/v1/apps/get-apps?agent_id=${stack.agentId}`)).data.apps as {
    id: string;
  }[];
  assert.equal(
    apps.some((app) => app.id === appId),
    false,
  );
  assert.equal(await progressOf(appId), null);
});
