#!/usr/bin/env node
// Agent update figures (no assertions): the time from 'Update to …' (update-agent) until the
// server reports the agent online on the new version, and the time until a failing version is
// rolled back (one that never connects: the 60 s trial; one that crashes at start).
// Usage: node bench/agent/updates.mjs   (needs `pnpm build`; BENCH_TRIAL_MS shortens the trial)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, repoRoot as root, signIn, startProcess, waitFor, waitForHealth } from '../lib/harness.mjs';

const TRIAL_MS = Number(process.env.BENCH_TRIAL_MS ?? 60_000);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dh-bench-updates-'));
const children = [];
const node = (script, args, env = {}) =>
  execFileSync(process.execPath, [path.join(root, script), ...args], { env: { ...process.env, ...env } });

function start(args, env) {
  const child = startProcess(process.execPath, args, env);
  children.push(child);
  return child;
}

async function main() {
  const keyDir = path.join(tmp, 'key');
  const store = path.join(tmp, 'store');
  node('scripts/agent-release-key.mjs', ['--dir', keyDir]);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = start([path.join(root, 'server', 'dist', 'main.js')], {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: path.join(tmp, 'data'),
    DEV_IDP: '1',
    BILLING_PROVIDER: 'dev',
    LOG_LEVEL: 'warn',
    AGENT_RELEASES_DIR: store,
    AGENT_RELEASE_PUBLIC_KEY: path.join(keyDir, 'release-key.pub.pem'),
  });
  await waitForHealth(base, server);
  const token = await signIn(base);
  const api = async (method, url, body) =>
    (
      await fetch(`${base}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      })
    ).json();

  // Installed as install.sh does: bundle and launcher copied, release key pinned.
  const install = path.join(tmp, 'install');
  fs.mkdirSync(install);
  for (const file of ['dockhand-agent.mjs', 'dockhand-agent-launcher.mjs'])
    fs.copyFileSync(path.join(root, 'agent', 'dist', file), path.join(install, file));
  const launcher = start(
    [path.join(install, 'dockhand-agent-launcher.mjs'), path.join(install, 'dockhand-agent.mjs')],
    {
      DOCKHAND_SERVER_URL: base,
      DOCKHAND_STATE_DIR: path.join(tmp, 'state'),
      DOCKHAND_RELEASE_KEY: path.join(keyDir, 'release-key.pub.pem'),
      DOCKHAND_UPDATE_TRIAL_MS: String(TRIAL_MS),
    },
  );
  const code = await waitFor(
    async () => /Pairing code: (\w{6})/.exec(launcher.output)?.[1],
    'pairing code',
    120_000,
  );
  const organization = await api('POST', '/api/v1/organization/create-organization', { name: 'Bench' });
  const agentId = (
    await api('POST', '/api/v1/agents/register-agent', { code, organization_id: organization.data.id })
  ).data.agent.id;

  const state = async () => {
    const agent = (await api('GET', '/api/v1/agents/get-agents')).data.agents.find((a) => a.id === agentId);
    const online = (await api('GET', '/api/v1/agents/get-agents-status')).data.agents.some(
      (a) => a.agent_id === agentId && a.status === 1,
    );
    const value = (name) => agent?.capabilities.find((c) => c.name === name)?.value;
    return { online, version: value('agent_version'), outcome: JSON.parse(value('agent_update') ?? '{}') };
  };
  const running = (
    await waitFor(async () => ((await state()).online ? state() : null), 'agent online', 120_000)
  ).version;

  const publish = (version, source) => {
    const bundle = path.join(tmp, 'builds', version, 'dockhand-agent.mjs');
    if (source) {
      fs.mkdirSync(path.dirname(bundle), { recursive: true });
      fs.writeFileSync(bundle, source);
      fs.writeFileSync(`${bundle}.json`, JSON.stringify({ version }));
    } else node('agent/scripts/bundle.mjs', ['--version', version, '--outfile', bundle]);
    node(
      'scripts/publish-agent-release.mjs',
      ['--bundle', bundle, '--key', path.join(keyDir, 'release-key.pem')],
      {
        AGENT_RELEASES_DIR: store,
      },
    );
  };
  const timeUpdate = async (version, until, what) => {
    const started = Date.now();
    const answer = await api('POST', '/api/v1/agents/update-agent', { agent_id: agentId, version });
    if (!answer.success) throw new Error(`update-agent ${version}: ${answer.message}`);
    await waitFor(async () => until(await state()), what, TRIAL_MS + 60_000);
    return Date.now() - started;
  };

  publish('9.0.0');
  const updated = await timeUpdate('9.0.0', (s) => s.online && s.version === '9.0.0', 'online on 9.0.0');
  console.log(`agent update: 'Update to …' → online on the new version in ${updated} ms (target 10 s)`);

  publish('9.0.1', 'setInterval(() => undefined, 1000);\n');
  const rolledSilent = await timeUpdate(
    '9.0.1',
    (s) =>
      s.online &&
      s.version === '9.0.0' &&
      s.outcome.status === 'rolled_back' &&
      s.outcome.version === '9.0.1',
    'rollback of 9.0.1',
  );
  console.log(
    `agent rollback: a version that never connects is rolled back and the old one online in ${rolledSilent} ms (trial ${TRIAL_MS} ms; target 70 s)`,
  );

  publish('9.0.2', "throw new Error('cannot start');\n");
  const rolledCrash = await timeUpdate(
    '9.0.2',
    (s) =>
      s.online &&
      s.version === '9.0.0' &&
      s.outcome.status === 'rolled_back' &&
      s.outcome.version === '9.0.2',
    'rollback of 9.0.2',
  );
  console.log(
    `agent rollback: a version that crashes at start is rolled back and the old one online in ${rolledCrash} ms`,
  );
  console.log(`(started on ${running})`);
}

try {
  await main();
} catch (error) {
  console.error(error.message);
  for (const child of children) console.error(child.output.slice(-2000));
  process.exitCode = 1;
} finally {
  for (const child of children.reverse()) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  fs.rmSync(tmp, { recursive: true, force: true });
}
