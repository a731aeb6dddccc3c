/**
 * Every control action that fails says why (issue 35): with a real server, a real agent and Docker,
 * each of start, stop, restart, update, redeploy and delete is made to fail for a real reason, and
 * its answer names the cause (service, image, what the engine or compose said), and where the action
 * deploys, its entry in the app's history holds that message and compose's own output.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, test } from 'node:test';
import { buildBusyboxImage, docker } from '../test/docker-fixtures.js';
import { freePort } from '../test/processes.js';
import { RealStack, type Answer } from '../test/real-stack.js';

const prefix = `dhctl${process.pid}-`;
// Imported locally and never pushed: a pull of it cannot succeed, as for an image gone upstream.
const image = `dockhand-control-test/busybox:${process.pid}`;
let stack: RealStack;
let port: number;

const api: RealStack['api'] = (method, url, body) => stack.api(method, url, body);

function composeOf(hostPort: number): string {
  return [
    'services:',
    '  web:',
    `    image: ${image}`,
    '    command: ["httpd", "-f", "-p", "8080", "-h", "/www"]',
    '    stop_grace_period: 1s',
    '    ports:',
    `      - "127.0.0.1:${hostPort}:8080"`,
    '',
  ].join('\n');
}

async function createApp(name: string, compose: string): Promise<string> {
  const created = await api('POST', `/api/v1/apps/create-app?agent_id=${stack.agentId}`, {
    config: {
      name,
      files: [{ id: 'f', filename: 'compose.yml', is_encrypted: false, type: 'user' }],
      variables: [],
    },
    files: { f: compose },
    variables: {},
  });
  assert.equal(created.success, true, created.message);
  return created.data.id as string;
}

const control = (appId: string, action: 'active' | 'stopped', operation?: string) =>
  api('POST', `/api/v1/apps/control-app?agent_id=${stack.agentId}`, { app_id: appId, action, operation });

/** The history entry the failed answer names: its message and compose's output. */
async function historyEntry(appId: string, answer: Answer): Promise<{ message: string; output: string }> {
  assert.ok(answer.operation_id, 'the failed answer names its history entry');
  const history = await api(
    'GET',
    `/api/v1/apps/get-deploy-history?agent_id=${stack.agentId}&app_id=${appId}`,
  );
  const entry = history.data.deploys.find((deploy: { id: string }) => deploy.id === answer.operation_id);
  assert.equal(entry?.result, 'failed');
  const output = await api(
    'GET',
    `/api/v1/apps/get-deploy-output?agent_id=${stack.agentId}&app_id=${appId}&deploy_id=${answer.operation_id}`,
  );
  return { message: entry.message as string, output: output.data.output as string };
}

/** Holds a host port, as another program on the server would. */
async function occupy(hostPort: number): Promise<net.Server> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(hostPort, '127.0.0.1', () => resolve());
  });
  return server;
}

before(async () => {
  await buildBusyboxImage(image);
  stack = new RealStack({ prefix, email: 'control@example.com' });
  await stack.start();
  const paired = await stack.pairAgent();
  assert.equal(paired.success, true, paired.message);
  port = await freePort();
});

after(async () => {
  await stack?.stop();
  await docker('rmi', '-f', image).catch(() => '');
});

test('update: an image that cannot be pulled names the service and image, in the answer and the history', async () => {
  const appId = await createApp('pull-fails', composeOf(await freePort()));
  const updated = await control(appId, 'active', 'update');
  assert.equal(updated.success, false);
  assert.match(updated.message, new RegExp(`^Service web: the image ${image} cannot be pulled \\(.+\\)`));
  const entry = await historyEntry(appId, updated);
  assert.equal(entry.message, updated.message);
  assert.match(entry.output, /dockhand-control-test\/busybox/);
});

test('start and redeploy: a host port another program holds is named, with what the engine said', async () => {
  const appId = await createApp('port-taken', composeOf(port));
  assert.equal((await control(appId, 'stopped')).success, true);
  const holder = await occupy(port);
  try {
    for (const operation of ['start', 'redeploy']) {
      const answer = await control(appId, 'active', operation);
      assert.equal(answer.success, false, operation);
      assert.match(answer.message, /port is already allocated|address already in use/, operation);
      assert.match(answer.message, /web/, `${operation} names the service`);
      const entry = await historyEntry(appId, answer);
      assert.equal(entry.message, answer.message);
      assert.match(entry.output, /already allocated|address already in use/);
    }
  } finally {
    holder.close();
  }
  // Each control is in the history, the stop that worked too, newest first.
  const history = await api(
    'GET',
    `/api/v1/apps/get-deploy-history?agent_id=${stack.agentId}&app_id=${appId}`,
  );
  assert.deepEqual(
    history.data.deploys.map(
      (deploy: { action: string; result: string }) => `${deploy.action} ${deploy.result}`,
    ),
    ['redeploy failed', 'start failed', 'stop succeeded', 'create succeeded'],
  );
});

test('stop, restart and delete: a server whose agent is gone says so, and nothing changes', async () => {
  const appId = await createApp('agent-gone', composeOf(await freePort()));
  await stack.agent.kill('SIGKILL');
  try {
    await waitForOffline();
    for (const [label, answer] of [
      ['stop', await control(appId, 'stopped')],
      ['restart', await control(appId, 'active', 'restart')],
      ['delete', await api('POST', '/api/v1/apps/delete-app', { agent_id: stack.agentId, app_id: appId })],
    ] as const) {
      assert.equal(answer.success, false, label);
      assert.equal(answer.message, 'Agent is offline', label);
    }
  } finally {
    stack.startAgent();
    await stack.agentOnline();
  }
  const listed = await api('GET', `/api/v1/apps/get-apps?agent_id=${stack.agentId}`);
  assert.ok(
    listed.data.apps.some((app: { id: string }) => app.id === appId),
    'the app is still there',
  );
});

async function waitForOffline(): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const statuses = await api('GET', '/api/v1/agents/get-agents-status');
    const status = statuses.data.agents.find(
      (a: { agent_id: string }) => a.agent_id === stack.agentId,
    )?.status;
    if (status === 0) return;
    if (Date.now() > deadline) throw new Error('the agent did not go offline');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
