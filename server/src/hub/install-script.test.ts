import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import { bundleAgent, publishRelease } from '../test/agent-releases.js';
import {
  agentPid,
  currentAgentVersion,
  installAgent,
  pairInstalledAgent,
  runInstaller,
  startInstallServer,
  type InstallServer,
} from '../test/installer.js';
import { waitUntil } from '../test/processes.js';

let server: InstallServer;

before(async () => {
  server = await startInstallServer();
});

after(() => server.close());

test('install.sh installs a self-contained agent (bundled Node runtime) that prints its pairing code and pairs', async () => {
  const { prefix, stateDir, releaseKey, releasesDir, testApp } = server;
  const result = await installAgent(server);
  assert.equal(result.code, 0, result.output);
  assert.ok(result.pairingCode, result.output);
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

  const agentVersion = await currentAgentVersion();
  const { user, agentId } = await pairInstalledAgent(server, result.pairingCode, 'installer@example.com');
  const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: user.headers, payload }).then((response) => response.json());
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
  // ... and which Compose it runs apps with (the server card shows it).
  const capabilities = (await inject('GET', '/api/v1/agents/get-agents')).data.agents[0]?.capabilities;
  const compose = capabilities.find((c: { name: string }) => c.name === 'compose_version')?.value;
  assert.match(compose ?? '', /^\d+\.\d+/, 'compose_version is reported');
  const reportedPolicy = async () =>
    (await inject('GET', '/api/v1/agents/get-agents')).data.agents[0]?.capabilities.find(
      (c: { name: string }) => c.name === 'admission_policy',
    )?.value;
  // The policy written on the host applies from the next start; the running agent still has the default.
  assert.equal(await reportedPolicy(), JSON.stringify({ host_access: false, bind_roots: [] }));

  // A signed update restarts the agent (under its launcher), which then applies the host's policy.
  const next = await bundleAgent('1.0.1', path.join(server.tmp, 'build', 'dockhand-agent.mjs'));
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
  const result = await runInstaller(server.base, ['--bogus']);
  assert.equal(result.code, 2);
  assert.match(result.output, /unknown option --bogus/);
});

test('install.sh installs the Compose v2 plugin where the distribution offers it', async () => {
  // Stand-ins: a Docker CLI without the compose plugin until a package adds it, an apt that
  // offers only Ubuntu's docker-compose-v2 and records what it installs.
  const bin = await mkdtemp(path.join(server.tmp, 'fake-bin-'));
  const installed = path.join(bin, 'installed');
  const script = async (name: string, body: string) => {
    await writeFile(path.join(bin, name), `#!/bin/sh\n${body}\n`);
    await chmod(path.join(bin, name), 0o755);
  };
  await script(
    'docker',
    `if [ "$1" = compose ]; then [ -f '${installed}' ] && echo 'Docker Compose version v2.29.7' && exit 0; exit 1; fi`,
  );
  await script('apt-cache', '[ "$2" = docker-compose-v2 ]');
  await script('apt-get', `echo "$@" > '${installed}'`);
  const result = await runInstaller(
    server.base,
    // Nothing answers at --server: the installer stops at its first download, after the Compose step.
    [
      '--no-systemd',
      '--server',
      'http://127.0.0.1:9',
      '--prefix',
      path.join(bin, 'prefix'),
      '--state-dir',
      path.join(bin, 'state'),
    ],
    { PATH: `${bin}:${process.env.PATH ?? ''}` },
  );
  assert.match(result.output, /dockhand: installing Compose v2 \(docker-compose-v2\)/);
  assert.match(result.output, /dockhand: using Docker Compose version v2\.29\.7/);
  assert.equal(await readFile(installed, 'utf8'), 'install -y docker-compose-v2\n');
});
