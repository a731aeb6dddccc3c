import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import { bundleAgent, makeReleaseKey, publishRelease } from '../test/agent-releases.js';
import { agentPid, runInstaller, stopInstalledAgent } from '../test/installer.js';
import { freePort, waitUntil } from '../test/processes.js';
import { signIn } from '../test/sign-in.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const agentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'agent');
let tmp: string;
let testApp: TestApp;
let base: string;
let releasesDir: string;
let releaseKey: { privateKey: string; publicKey: string };

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'dh-install-'));
  // The test serves a fresh bundle of the agent's current source.
  await promisify(execFile)(process.execPath, [path.join(agentDir, 'scripts', 'bundle.mjs')]);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  releasesDir = path.join(tmp, 'agent-releases');
  releaseKey = await makeReleaseKey(path.join(tmp, 'release-key'));
  testApp = await createTestApp({
    PUBLIC_URL: base,
    AGENT_BUNDLE_PATH: path.join(agentDir, 'dist', 'dockhand-agent.mjs'),
    AGENT_RELEASES_DIR: releasesDir,
    AGENT_RELEASE_PUBLIC_KEY: releaseKey.publicKey,
  });
  await testApp.app.listen({ host: '127.0.0.1', port });
});

after(async () => {
  await stopInstalledAgent(path.join(tmp, 'state'));
  await testApp.close();
  await rm(tmp, { recursive: true, force: true });
});

test('install.sh installs a self-contained agent (bundled Node runtime) that prints its pairing code and pairs', async () => {
  const prefix = path.join(tmp, 'prefix');
  const stateDir = path.join(tmp, 'state');
  const result = await runInstaller(base, ['--no-systemd', '--prefix', prefix, '--state-dir', stateDir]);
  assert.equal(result.code, 0, result.output);
  const code = /Your server code: ([A-Z0-9]{6})/.exec(result.output)?.[1];
  assert.ok(code, result.output);
  assert.equal((await stat(path.join(prefix, 'bin', 'node'))).mode & 0o111, 0o111);
  assert.equal((await stat(stateDir)).mode & 0o777, 0o700);
  // The host's owner changes the admission policy with the installed command, on the host.
  const cli = path.join(prefix, 'bin', 'dockhand-agent');
  const allowed = await promisify(execFile)(cli, ['policy', 'allow-bind', '/srv/media']);
  assert.match(allowed.stdout, /Allowed bind folders: \/srv\/media/);
  assert.match(allowed.stdout, /Restart the agent to apply it/);
  const hostConfig = JSON.parse(await readFile(path.join(stateDir, 'host-config.json'), 'utf8'));
  assert.deepEqual(hostConfig.policy, { host_access: false, bind_roots: ['/srv/media'] });
  // The release key is pinned beside the agent's configuration, which points the agent at it.
  assert.equal(
    await readFile(path.join(prefix, 'release-key.pub.pem'), 'utf8'),
    await readFile(releaseKey.publicKey, 'utf8'),
  );
  assert.match(
    await readFile(path.join(prefix, 'agent.env'), 'utf8'),
    new RegExp(`DOCKHAND_RELEASE_KEY=${prefix}/release-key.pub.pem`),
  );

  const agentVersion = (
    JSON.parse(await readFile(path.join(agentDir, 'package.json'), 'utf8')) as { version: string }
  ).version;
  const user = await signIn(testApp.app, 'installer@example.com');
  const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: user.headers, payload }).then((response) => response.json());
  const organization = await inject('POST', '/api/v1/organization/create-organization', {
    name: 'Installers',
  });
  const registered = await inject('POST', '/api/v1/agents/register-agent', {
    code,
    organization_id: organization.data.id,
  });
  assert.equal(registered.success, true, registered.message);
  await waitUntil(
    async () => {
      const agents = (await inject('GET', '/api/v1/agents/get-agents')).data.agents;
      return agents[0]?.capabilities.some(
        (c: { name: string; value: string }) => c.name === 'agent_version' && c.value === agentVersion,
      );
    },
    15_000,
    'the installed agent reports its version',
  );
  const reportedPolicy = async () =>
    (await inject('GET', '/api/v1/agents/get-agents')).data.agents[0]?.capabilities.find(
      (c: { name: string }) => c.name === 'admission_policy',
    )?.value;
  // The policy written on the host applies from the next start; the running agent still has the default.
  assert.equal(await reportedPolicy(), JSON.stringify({ host_access: false, bind_roots: [] }));

  // A signed update restarts the agent (under its launcher), which then applies the host's policy.
  const agentId = registered.data.agent.id;
  const next = await bundleAgent('1.0.1', path.join(tmp, 'build', 'dockhand-agent.mjs'));
  await publishRelease(releasesDir, next, releaseKey.privateKey, ['--name', 'Next']);
  const versions = await inject('GET', `/api/v1/agents/get-available-versions?agent_id=${agentId}`);
  assert.deepEqual(
    versions.data.versions.map((v: { version_number: string }) => v.version_number),
    ['1.0.1'],
  );
  const pidBefore = await agentPid(stateDir);
  const updated = await inject('POST', '/api/v1/agents/update-agent', {
    agent_id: agentId,
    version: '1.0.1',
  });
  assert.equal(updated.message, 'Agent Update Initiated');
  await waitUntil(async () => (await agentPid(stateDir)) !== pidBefore, 15_000, 'the agent restarted');
  await waitUntil(
    async () => {
      const agents = (await inject('GET', '/api/v1/agents/get-agents')).data.agents;
      return agents[0]?.capabilities.some(
        (c: { name: string; value: string }) => c.name === 'agent_version' && c.value === '1.0.1',
      );
    },
    15_000,
    'the agent runs 1.0.1',
  );
  assert.equal(await reportedPolicy(), JSON.stringify({ host_access: false, bind_roots: ['/srv/media'] }));
  const unknown = await inject('POST', '/api/v1/agents/update-agent', {
    agent_id: agentId,
    version: '0.0.1',
  });
  assert.equal(unknown.success, false);
});

test('install.sh refuses unknown options', async () => {
  const result = await runInstaller(base, ['--bogus']);
  assert.equal(result.code, 2);
  assert.match(result.output, /unknown option --bogus/);
});
