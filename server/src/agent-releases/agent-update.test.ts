/**
 * Agent updates end to end with real bundles: an agent installed by install.sh (launcher + bundle
 * + pinned release key), releases published with the real script, update-agent through the API.
 * Runs under `flock /tmp/docker.lock` like the other tests that start real agents.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import { bundleAgent, fakeBuild, makeReleaseKey, publishRelease } from '../test/agent-releases.js';
import {
  agentPid,
  installAgent,
  pairInstalledAgent,
  startInstallServer,
  type InstallServer,
} from '../test/installer.js';
import { waitUntil } from '../test/processes.js';
import type { TestUser } from '../test/sign-in.js';

const TRIAL_MS = 4000;
let server: InstallServer;
let tmp: string;
let releasesDir: string;
let stateDir: string;
let releaseKey: { privateKey: string; publicKey: string };
let user: TestUser;
let agentId: string;

interface AgentView {
  capabilities: Array<{ name: string; value: string }>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test reads varied payloads
async function api(method: 'GET' | 'POST', url: string, payload?: object): Promise<any> {
  return (await server.testApp.app.inject({ method, url, headers: user.headers, payload })).json();
}

async function agentView(): Promise<AgentView> {
  return (await api('GET', '/api/v1/agents/get-agents')).data.agents[0];
}

const capability = (agent: AgentView, name: string) => agent.capabilities.find((c) => c.name === name)?.value;
const isOnline = async () =>
  (await api('GET', '/api/v1/agents/get-agents-status')).data.agents[0]?.status === 1;

/** Online and reporting `version` (and, when given, the last update's outcome `status` for `of`). */
async function waitForAgent(
  version: string,
  outcome?: { status: string; of: string },
  timeoutMs = 20_000,
): Promise<AgentView> {
  return waitUntil(
    async () => {
      const agent = await agentView();
      if (capability(agent, 'agent_version') !== version || !(await isOnline())) return null;
      const update = JSON.parse(capability(agent, 'agent_update') ?? '{}');
      if (outcome && (update.status !== outcome.status || update.version !== outcome.of)) return null;
      return agent;
    },
    timeoutMs,
    `agent online on ${version}${outcome ? ` (${outcome.of} ${outcome.status})` : ''}`,
  ).catch(async (error: Error) => {
    const log = await readFile(path.join(tmp, 'prefix', 'agent.log'), 'utf8').catch(() => '');
    throw new Error(`${error.message}\nagent log:\n${log.slice(-3000)}`);
  });
}

async function publishFake(version: string, source: string) {
  const build = await fakeBuild(version, path.join(tmp, 'builds', version, 'dockhand-agent.mjs'), source);
  await publishRelease(releasesDir, build, releaseKey.privateKey);
}

before(async () => {
  server = await startInstallServer();
  ({ tmp, releasesDir, stateDir, releaseKey } = server);
  const installed = await installAgent(server, { DOCKHAND_UPDATE_TRIAL_MS: String(TRIAL_MS) });
  assert.equal(installed.code, 0, installed.output);
  ({ user, agentId } = await pairInstalledAgent(server, installed.pairingCode, 'updates@example.com'));
  await waitForAgent('1.0.0');
});

after(() => server.close());

test('a correctly signed release: the agent switches to it, reconnects and reports the new version', async () => {
  await publishRelease(
    releasesDir,
    await bundleAgent('1.1.0', path.join(tmp, 'builds', '1.1.0', 'dockhand-agent.mjs')),
    releaseKey.privateKey,
    ['--name', 'Harbour'],
  );
  const before = await agentPid(stateDir);
  const updated = await api('POST', '/api/v1/agents/update-agent', { agent_id: agentId, version: '1.1.0' });
  assert.equal(updated.message, 'Agent Update Initiated');
  const agent = await waitForAgent('1.1.0', { status: 'succeeded', of: '1.1.0' });
  assert.notEqual(await agentPid(stateDir), before);
  assert.deepEqual(
    { ...JSON.parse(capability(agent, 'agent_update') ?? '{}'), at: 0 },
    { status: 'succeeded', version: '1.1.0', previous_version: '1.0.0', at: 0 },
  );
  // The previous bundle is kept for the next rollback.
  assert.match(await readFile(path.join(tmp, 'prefix', 'dockhand-agent.mjs.previous'), 'utf8'), /1\.0\.0/);
});

test('a wrong signature, a truncated bundle and another key are refused; the running version stays online', async () => {
  const bundle = await bundleAgent('1.2.0', path.join(tmp, 'builds', '1.2.0', 'dockhand-agent.mjs'));
  await publishRelease(releasesDir, bundle, releaseKey.privateKey);
  // Wrong signature: the signature of another release.
  const signed = JSON.parse(await readFile(path.join(releasesDir, '1.1.0', 'release.json'), 'utf8'));
  const wrongFile = path.join(releasesDir, '1.2.0', 'release.json');
  const wrong = JSON.parse(await readFile(wrongFile, 'utf8'));
  await writeFile(wrongFile, JSON.stringify({ ...wrong, signature: signed.signature }));
  // Truncated: the stored bundle loses its second half after publishing.
  await publishRelease(
    releasesDir,
    await bundleAgent('1.3.0', path.join(tmp, 'builds', '1.3.0', 'dockhand-agent.mjs')),
    releaseKey.privateKey,
  );
  const truncated = path.join(releasesDir, '1.3.0', 'dockhand-agent.mjs');
  await truncate(truncated, Math.floor((await readFile(truncated)).length / 2));
  // Another key: correctly signed, by a key this host never pinned.
  const otherKey = await makeReleaseKey(path.join(tmp, 'other-key'));
  await publishRelease(
    releasesDir,
    await bundleAgent('1.4.0', path.join(tmp, 'builds', '1.4.0', 'dockhand-agent.mjs')),
    otherKey.privateKey,
  );

  const pid = await agentPid(stateDir);
  const cases: Array<[string, RegExp]> = [
    [
      '1.2.0',
      /^Agent 1\.2\.0 refused: its signature does not verify with the release key pinned on this host$/,
    ],
    [
      '1.3.0',
      /^Agent 1\.3\.0 refused: the downloaded bundle does not match the release .*truncated or altered$/,
    ],
    [
      '1.4.0',
      /^Agent 1\.4\.0 refused: its signature does not verify with the release key pinned on this host$/,
    ],
  ];
  for (const [version, reason] of cases) {
    const refused = await api('POST', '/api/v1/agents/update-agent', { agent_id: agentId, version });
    assert.equal(refused.success, false, version);
    assert.match(refused.message, reason);
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  assert.equal(await agentPid(stateDir), pid, 'the agent never restarted');
  await waitForAgent('1.1.0');
  await assert.rejects(readFile(path.join(tmp, 'prefix', 'dockhand-agent.mjs.next')));
});

test('a version that crashes at start is rolled back at once; one that never connects after the trial', async () => {
  await publishFake('1.5.0', "throw new Error('1.5.0 cannot start');\n");
  let started = Date.now();
  await api('POST', '/api/v1/agents/update-agent', { agent_id: agentId, version: '1.5.0' });
  let agent = await waitForAgent('1.1.0', { status: 'rolled_back', of: '1.5.0' });
  const crashed = JSON.parse(capability(agent, 'agent_update') ?? '{}');
  assert.equal(crashed.version, '1.5.0');
  assert.match(crashed.reason, /^it exited \(code 1\) before it came online$/);
  assert.ok(Date.now() - started < TRIAL_MS + 10_000, `rolled back in ${Date.now() - started} ms`);

  await publishFake('1.6.0', 'setInterval(() => undefined, 1000);\n');
  started = Date.now();
  await api('POST', '/api/v1/agents/update-agent', { agent_id: agentId, version: '1.6.0' });
  agent = await waitForAgent('1.1.0', { status: 'rolled_back', of: '1.6.0' }, TRIAL_MS + 20_000);
  const hung = JSON.parse(capability(agent, 'agent_update') ?? '{}');
  assert.equal(hung.version, '1.6.0');
  assert.equal(hung.reason, `it did not come online within ${TRIAL_MS / 1000} s`);
  assert.ok(Date.now() - started >= TRIAL_MS, 'not before the trial ended');
  // The rolled-back agent is the 1.1.0 bundle again, not the failed one.
  assert.match(await readFile(path.join(tmp, 'prefix', 'dockhand-agent.mjs'), 'utf8'), /1\.1\.0/);
});

test('the host decides: with updates turned off on the host, the agent refuses even when the server asks', async () => {
  const cli = path.join(tmp, 'prefix', 'bin', 'dockhand-agent');
  const restart = async (expected: string) => {
    const pid = await agentPid(stateDir);
    process.kill(pid);
    await waitUntil(async () => (await agentPid(stateDir)) !== pid, 15_000, 'the agent restarted');
    return waitUntil(
      async () => {
        const agent = await agentView();
        return (await isOnline()) && capability(agent, 'agent_updates') === expected ? agent : null;
      },
      15_000,
      `agent reports updates ${expected}`,
    );
  };
  const off = await promisify(execFile)(cli, ['updates', 'off']);
  assert.match(off.stdout, /Dashboard updates: off \(managed on this host\)/);
  await restart(JSON.stringify({ dashboard: false, pin: null }));
  const listed = await api('GET', `/api/v1/agents/get-available-versions?agent_id=${agentId}`);
  assert.deepEqual(listed.data.versions, []);
  const refused = await api('POST', '/api/v1/agents/update-agent', { agent_id: agentId, version: '1.4.0' });
  assert.equal(refused.success, false);
  assert.equal(
    refused.message,
    'Agent updates are managed on the host: dashboard updates are turned off on this server',
  );

  await promisify(execFile)(cli, ['updates', 'pin', '1.2.0']);
  await restart(JSON.stringify({ dashboard: true, pin: '1.2.0' }));
  const pinned = await api('POST', '/api/v1/agents/update-agent', { agent_id: agentId, version: '1.4.0' });
  assert.equal(pinned.message, 'Agent updates are managed on the host: this server is pinned to 1.2.0');
  await waitForAgent('1.1.0');
});
