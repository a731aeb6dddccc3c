import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fakeBuild, makeReleaseKey, publishRelease } from '../test/agent-releases.js';
import { signIn, type TestUser } from '../test/sign-in.js';
import { createAgentKeys, pairSimulatedAgent, SimulatedAgent } from '../test/simulated-agent.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let tmp: string;
let releasesDir: string;
let key: { privateKey: string; publicKey: string };
let testApp: TestApp;
let owner: TestUser;
let agentId: string;
let agent: SimulatedAgent;
const updateRequests: unknown[] = [];

async function call(user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await testApp.app.inject({ method, url, headers: user.headers, payload });
  return {
    status: response.statusCode,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test reads varied payloads
    body: response.json() as { success: boolean; message: string; data?: any },
  };
}

async function publish(version: string, extra: string[] = []) {
  const bundle = await fakeBuild(
    version,
    path.join(tmp, 'builds', version, 'dockhand-agent.mjs'),
    `// agent ${version}\n`,
  );
  return publishRelease(releasesDir, bundle, key.privateKey, extra);
}

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'dh-releases-'));
  releasesDir = path.join(tmp, 'store');
  key = await makeReleaseKey(path.join(tmp, 'key'));
  testApp = await createTestApp({ AGENT_RELEASES_DIR: releasesDir, AGENT_RELEASE_PUBLIC_KEY: key.publicKey });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  owner = await signIn(testApp.app, 'releases@example.com');
  const organization = await call(owner, 'POST', '/api/v1/organization/create-organization', { name: 'Rel' });
  agent = new SimulatedAgent(await createAgentKeys(), (method, params) => {
    updateRequests.push({ method, params });
    return { version: (params as { version: string }).version };
  });
  agentId = await pairSimulatedAgent(testApp.app, agent, owner, organization.body.data.id);
  agent.send({ type: 'report', capabilities: [{ name: 'agent_version', value: '1.0.0' }], features: [] });
  await new Promise((resolve) => setTimeout(resolve, 200));
});

after(async () => {
  agent.close();
  await testApp.close();
  await rm(tmp, { recursive: true, force: true });
});

test('published releases newer than the agent are listed newest first (numeric-aware), betas flagged', async () => {
  const none = await call(owner, 'GET', `/api/v1/agents/get-available-versions?agent_id=${agentId}`);
  assert.deepEqual(none.body.data.versions, []);

  await publish('0.9.0');
  await publish('1.0.0');
  await publish('1.2.0', [
    '--name',
    'Harbour',
    '--message',
    'Faster deploys',
    '--notes-url',
    'https://example.com/1.2.0',
  ]);
  await publish('1.10.0-beta.1', ['--beta', '--message', 'Try the new log pipe']);
  const listed = await call(owner, 'GET', `/api/v1/agents/get-available-versions?agent_id=${agentId}`);
  assert.deepEqual(listed.body.data.versions, [
    {
      version_number: '1.10.0-beta.1',
      name: 'v1.10.0-beta.1',
      is_beta: true,
      message: 'Try the new log pipe',
      url: '',
    },
    {
      version_number: '1.2.0',
      name: 'Harbour',
      is_beta: false,
      message: 'Faster deploys',
      url: 'https://example.com/1.2.0',
    },
  ]);
  const older = await call(
    owner,
    'GET',
    `/api/v1/agents/get-available-versions?agent_id=${agentId}&older=true`,
  );
  assert.deepEqual(
    older.body.data.versions.map((version: { version_number: string }) => version.version_number),
    ['0.9.0'],
  );

  // The bundle is served as published, with the hash the agent will check.
  const release = JSON.parse(await readFile(path.join(releasesDir, '1.2.0', 'release.json'), 'utf8'));
  const download = await testApp.app.inject({
    method: 'GET',
    url: '/agent/releases/1.2.0/dockhand-agent.mjs',
  });
  assert.equal(download.body, '// agent 1.2.0\n');
  assert.match(release.sha256, /^[0-9a-f]{64}$/);
  const key = await testApp.app.inject({ method: 'GET', url: '/agent/download/release-key.pub.pem' });
  assert.match(key.body, /BEGIN PUBLIC KEY/);
});

test('publishing refuses to replace a version; a release with broken metadata is not offered', async () => {
  await assert.rejects(publish('1.2.0'), /already published; releases are immutable/);
  await publish('1.3.0');
  await writeFile(path.join(releasesDir, '1.3.0', 'release.json'), '{"version":"1.3.0"}');
  const listed = await call(owner, 'GET', `/api/v1/agents/get-available-versions?agent_id=${agentId}`);
  assert.ok(
    !listed.body.data.versions.some(
      (version: { version_number: string }) => version.version_number === '1.3.0',
    ),
  );
});

test('update-agent sends the release with its hash and signature; older only as an explicit downgrade', async () => {
  const updated = await call(owner, 'POST', '/api/v1/agents/update-agent', {
    agent_id: agentId,
    version: 'v1.2.0',
  });
  assert.equal(updated.body.message, 'Agent Update Initiated');
  const release = JSON.parse(await readFile(path.join(releasesDir, '1.2.0', 'release.json'), 'utf8'));
  assert.deepEqual(updateRequests.at(-1), {
    method: 'agent.update',
    params: {
      version: '1.2.0',
      url: '/agent/releases/1.2.0/dockhand-agent.mjs',
      sha256: release.sha256,
      signature: release.signature,
    },
  });

  const older = await call(owner, 'POST', '/api/v1/agents/update-agent', {
    agent_id: agentId,
    version: '0.9.0',
  });
  assert.equal(older.status, 409);
  assert.match(older.body.message, /older than the running 1.0.0; confirm the downgrade/);
  const downgraded = await call(owner, 'POST', '/api/v1/agents/update-agent', {
    agent_id: agentId,
    version: '0.9.0',
    downgrade: true,
  });
  assert.equal(downgraded.body.success, true, downgraded.body.message);

  const same = await call(owner, 'POST', '/api/v1/agents/update-agent', {
    agent_id: agentId,
    version: '1.0.0',
  });
  assert.equal(same.status, 409);
  const unknown = await call(owner, 'POST', '/api/v1/agents/update-agent', {
    agent_id: agentId,
    version: '7.0.0',
  });
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body.message, 'Agent version 7.0.0 is not available');
});

test('the host decides: with dashboard updates off nothing is offered; a pin offers that version only', async () => {
  const report = (updates: object) =>
    agent.send({
      type: 'report',
      capabilities: [
        { name: 'agent_version', value: '1.0.0' },
        { name: 'agent_updates', value: JSON.stringify(updates) },
      ],
      features: [],
    });
  const listed = async () =>
    (
      await call(owner, 'GET', `/api/v1/agents/get-available-versions?agent_id=${agentId}`)
    ).body.data.versions.map((version: { version_number: string }) => version.version_number);
  report({ dashboard: false, pin: null });
  await agent.waitFor(() => false, 200).catch(() => undefined);
  assert.deepEqual(await listed(), []);
  report({ dashboard: true, pin: '1.2.0' });
  await agent.waitFor(() => false, 200).catch(() => undefined);
  assert.deepEqual(await listed(), ['1.2.0']);
  report({ dashboard: true, pin: null });
  await agent.waitFor(() => false, 200).catch(() => undefined);
  assert.deepEqual(await listed(), ['1.10.0-beta.1', '1.2.0']);
});
