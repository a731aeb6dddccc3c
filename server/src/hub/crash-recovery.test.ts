/**
 * Crash safety on the real engine (issue 15): a real server and a real agent, killed (SIGKILL) at
 * exact points of a create, an update and a delete. The agent's test hold (DOCKHAND_TEST_HOLD_DIR)
 * stops it before or after a compose step, so the kill lands there without sleeps. After the
 * restart the server's records, the agent's app folders and Docker's labelled containers must
 * agree, and a retry with the same Idempotency-Key must run nothing twice.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { setAgentPlan } from '../agents/agent-store.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { buildBusyboxImage, docker, removeDockerLeftovers } from '../test/docker-fixtures.js';
import {
  freePort,
  startAgentProcess,
  startServerProcess,
  waitUntil,
  type RunningProcess,
} from '../test/processes.js';
import { signIn, type TestUser } from '../test/sign-in.js';
import { createTestDatabase, type TestDatabase } from '../test/test-app.js';

const prefix = `dhcrash${process.pid}-`;
const image = `dockhand-crash-test/busybox:${process.pid}`;
const captured: string[] = [];
let tmp: string;
let holdDir: string;
let database: TestDatabase;
let env: Record<string, string>;
let base: string;
let server: RunningProcess;
let agent: RunningProcess;
let control: FastifyInstance;
let user: TestUser;
let agentId: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test reads varied payloads
type Answer = { status: number; success: boolean; message: string; data?: any };

async function api(method: 'GET' | 'POST', url: string, body?: unknown, key?: string): Promise<Answer> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: user.headers.authorization,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, ...((await response.json()) as Omit<Answer, 'status'>) };
}

const startServer = async () => {
  server = startServerProcess(env, captured);
  await server.waitForOutput(/Dockhand is running/);
};
const startAgent = () => {
  agent = startAgentProcess(
    {
      DOCKHAND_SERVER_URL: base,
      DOCKHAND_STATE_DIR: path.join(tmp, 'agent-state'),
      DOCKHAND_PROJECT_PREFIX: prefix,
      DOCKHAND_TEST_HOLD_DIR: holdDir,
    },
    captured,
  );
};
const agentOnline = () =>
  waitUntil(
    async () =>
      (await api('GET', '/api/v1/agents/get-agents-status').catch(() => null))?.data?.agents?.find(
        (a: { agent_id: string }) => a.agent_id === agentId,
      )?.status === 1,
    30_000,
    'agent online',
  );

/** Arms a hold point; resolves once the agent waits there for `name`'s project. */
async function holdAt(point: string): Promise<void> {
  await writeFile(path.join(holdDir, point), '');
}
const release = (point: string) => rm(path.join(holdDir, point), { force: true });
/** Waits until the agent holds at `point` for `subject` (a compose project's start, or an app id). */
const heldAt = (point: string, subject: string) =>
  agent.waitForOutput(
    new RegExp(`test hold: ${point} ${prefix}${subject}-[0-9a-f]{8}|test hold: ${point} ${subject}`),
    60_000,
  );

const appBody = (name: string, greeting: string, id?: string) => ({
  config: {
    id,
    name,
    files: [{ id: 'f1', filename: 'compose.yml', is_encrypted: false, type: 'user' }],
    variables: [],
  },
  files: {
    f1: [
      'services:',
      '  web:',
      `    image: ${image}`,
      `    command: ["sh", "-c", "echo ${greeting}; exec httpd -f -p 8080 -h /www"]`,
      '    stop_grace_period: 1s',
      '',
    ].join('\n'),
  },
  variables: {},
});

/** What the three parties hold for apps named `name`: records, app folders, compose projects. */
async function state(name: string) {
  const apps = (await api('GET', `/api/v1/apps/get-apps?agent_id=${agentId}`)).data.apps as Array<{
    id: string;
    name: string;
  }>;
  const record = apps.find((app) => app.name === name) ?? null;
  const projects = new Set(
    (await docker('ps', '-a', '--format', '{{.Label "com.docker.compose.project"}}'))
      .split('\n')
      .filter((project) => project.startsWith(`${prefix}${name}-`)),
  );
  return { record, projects: [...projects] };
}
const folderOf = (appId: string) => path.join(tmp, 'agent-state', 'apps', appId);

/** Server records, agent folders and Docker's compose projects name the same apps (once settled). */
async function assertAllAgree(): Promise<void> {
  const look = async () => {
    const records = (await api('GET', `/api/v1/apps/get-apps?agent_id=${agentId}`)).data.apps as Array<{
      id: string;
    }>;
    const folders = await readdir(path.join(tmp, 'agent-state', 'apps')).catch(() => [] as string[]);
    const projects = new Set(
      (await docker('ps', '-a', '--format', '{{.Label "com.docker.compose.project"}}'))
        .split('\n')
        .filter((project) => project.startsWith(prefix)),
    );
    return { records: records.map((app) => app.id).sort(), folders: folders.sort(), projects: projects.size };
  };
  const agree = (seen: Awaited<ReturnType<typeof look>>) =>
    JSON.stringify(seen.folders) === JSON.stringify(seen.records) && seen.projects === seen.records.length;
  await waitUntil(async () => agree(await look()), 30_000, 'records, folders and containers to agree').catch(
    () => undefined,
  );
  const seen = await look();
  assert.deepEqual(seen.folders, seen.records, 'agent folders = server records');
  assert.equal(seen.projects, seen.records.length, 'one compose project per record');
}

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'dh-crash-'));
  holdDir = path.join(tmp, 'hold');
  await mkdir(holdDir);
  await buildBusyboxImage(image);
  database = await createTestDatabase();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  env = {
    ...database.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    LOG_LEVEL: 'info',
    AGENT_DEPLOY_TIMEOUT_MS: '120000',
  };
  await startServer();
  control = await buildApp(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
  user = await signIn(control, 'crash@example.com');
  startAgent();
  const [, code] = await agent.waitForOutput(/Pairing code: ([A-Z0-9]{6})/);
  const organization = await api('POST', '/api/v1/organization/create-organization', { name: 'Crash' });
  agentId = (
    await api('POST', '/api/v1/agents/register-agent', { code, organization_id: organization.data.id })
  ).data.agent.id;
  await setAgentPlan(control.dockhand.db, agentId, { status: 'free', source: null });
  await agentOnline();
});

after(async () => {
  await rm(holdDir, { recursive: true, force: true });
  await agent?.kill('SIGKILL');
  await server?.kill();
  await control?.close();
  await removeDockerLeftovers(prefix);
  await docker('rmi', '-f', image).catch(() => '');
  await database?.drop();
  await rm(tmp, { recursive: true, force: true });
});

test('server killed during a create, before compose up: after the restart the app is completed, once', async () => {
  const key = randomUUID();
  await holdAt('before-up');
  const pending = api(
    'POST',
    `/api/v1/apps/create-app?agent_id=${agentId}`,
    appBody('alpha', 'v1'),
    key,
  ).catch(() => null);
  await heldAt('before-up', 'alpha');
  await server.kill('SIGKILL');
  await pending;
  await startServer();
  await release('before-up');
  await agentOnline();

  // The agent held the deployment the operation sent: the record is completed from the operation.
  const recovered = await waitUntil(async () => (await state('alpha')).record, 30_000, 'record completed');
  await waitUntil(async () => (await state('alpha')).projects.length === 1, 30_000, 'container up');
  assert.ok(existsSync(folderOf(recovered.id)));
  // The user's retry with the same key answers like the first call would have, and runs nothing.
  const retry = await api('POST', `/api/v1/apps/create-app?agent_id=${agentId}`, appBody('alpha', 'v1'), key);
  assert.equal(retry.message, 'App created');
  assert.equal(retry.data.id, recovered.id);
  assert.deepEqual((await state('alpha')).projects.length, 1);
  await assertAllAgree();
});

test('agent killed during a create, after compose up: its undo is kept and run when it comes back', async () => {
  const key = randomUUID();
  await holdAt('after-up');
  const pending = api('POST', `/api/v1/apps/create-app?agent_id=${agentId}`, appBody('beta', 'v1'), key);
  await heldAt('after-up', 'beta');
  assert.equal((await state('beta')).projects.length, 1, 'the container runs');
  await agent.kill('SIGKILL');
  const failed = await pending;
  assert.equal(failed.status, 502);
  await release('after-up');
  startAgent();
  await agentOnline();

  // The undo (the agent's normal delete) ran on reconnect: nothing of 'beta' is left anywhere.
  await waitUntil(async () => (await state('beta')).projects.length === 0, 60_000, 'containers removed');
  assert.equal((await state('beta')).record, null);
  await assertAllAgree();
  // The retry with the same key answers the first outcome: no second deploy, no new project.
  const retry = await api('POST', `/api/v1/apps/create-app?agent_id=${agentId}`, appBody('beta', 'v1'), key);
  assert.deepEqual(retry, failed);
  assert.equal((await state('beta')).projects.length, 0);
  assert.doesNotMatch(agent.output(), /test hold: before-up .*beta/, 'the retry deployed nothing');
  await assertAllAgree();
});

test('server killed during an update, before compose up: the version the agent holds is kept', async () => {
  const created = await api('POST', `/api/v1/apps/create-app?agent_id=${agentId}`, appBody('gamma', 'v1'));
  assert.equal(created.message, 'App created');
  const appId = created.data.id as string;
  await holdAt('before-up');
  const update = api(
    'POST',
    `/api/v1/apps/update-app?agent_id=${agentId}`,
    appBody('gamma', 'v2', appId),
    randomUUID(),
  ).catch(() => null);
  await heldAt('before-up', 'gamma');
  await server.kill('SIGKILL');
  await update;
  await startServer();
  await release('before-up');
  await agentOnline();

  const content = async () => {
    const details = await api('GET', `/api/v1/apps/get-app?agent_id=${agentId}&app_id=${appId}`);
    return Object.values(details.data.files as Record<string, string>)[0] ?? '';
  };
  await waitUntil(async () => (await content()).includes('echo v2'), 30_000, 'the new version recorded');
  assert.equal((await state('gamma')).projects.length, 1);
  await assertAllAgree();
});

test('server killed during a delete: the delete is finished after the restart, and runs once', async () => {
  const created = await api('POST', `/api/v1/apps/create-app?agent_id=${agentId}`, appBody('delta', 'v1'));
  const appId = created.data.id as string;
  const key = randomUUID();
  await holdAt('before-app.delete');
  const removal = api(
    'POST',
    `/api/v1/apps/delete-app?agent_id=${agentId}`,
    { app_id: appId, keep_volumes: false },
    key,
  ).catch(() => null);
  await heldAt('before-app.delete', appId);
  await server.kill('SIGKILL');
  await removal;
  await startServer();
  await agentOnline();
  // The server sends the interrupted delete again; the agent's journal joins it to the first run.
  await release('before-app.delete');

  await waitUntil(async () => (await state('delta')).record === null, 30_000, 'record removed');
  await waitUntil(async () => (await state('delta')).projects.length === 0, 30_000, 'containers removed');
  assert.equal(existsSync(folderOf(appId)), false);
  const retry = await api(
    'POST',
    `/api/v1/apps/delete-app?agent_id=${agentId}`,
    { app_id: appId, keep_volumes: false },
    key,
  );
  assert.equal(retry.message, 'App deleted');
  await assertAllAgree();
});
