import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleAgent, makeReleaseKey } from './agent-releases.js';
import { freePort } from './processes.js';
import { signIn, type TestUser } from './sign-in.js';
import { createTestApp, type TestApp } from './test-app.js';

const agentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'agent');

/** Runs /install.sh exactly as the dialog's command does (`curl … | sh`), with the test flags. */
export function runInstaller(
  base: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const curl = spawn('curl', ['-fsSL', `${base}/install.sh`]);
    const sh = spawn('sh', ['-s', '--', ...args], { env: { PATH: process.env.PATH ?? '', ...env } });
    curl.stdout.pipe(sh.stdin);
    let output = '';
    sh.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    sh.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    sh.on('close', (code) => resolve({ code, output }));
  });
}

const readPid = async (file: string) => Number((await readFile(file, 'utf8').catch(() => '0')).trim());

/** The running agent process (it changes when an update or a rollback restarts the agent). */
export const agentPid = (stateDir: string) => readPid(path.join(stateDir, 'agent.pid'));

/** Stops an agent installed with --no-systemd: its launcher, which stops the agent. */
export async function stopInstalledAgent(stateDir: string): Promise<void> {
  const pid = await readPid(path.join(stateDir, 'launcher.pid'));
  if (pid <= 0) return;
  try {
    process.kill(pid);
  } catch {
    return; // already gone
  }
  for (let i = 0; i < 50; i += 1) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The set-up of the tests that install agents with /install.sh: a listening server that serves a
 * fresh bundle of the agent's current source, with its own release store and release key.
 */
export interface InstallServer {
  /** The test's temporary folder: the installed agent, builds and the release store live here. */
  tmp: string;
  base: string;
  testApp: TestApp;
  releasesDir: string;
  releaseKey: { privateKey: string; publicKey: string };
  /** Where `installAgent` puts the agent. */
  prefix: string;
  stateDir: string;
  /** Stops the installed agent and the server, removes the folder. */
  close(): Promise<void>;
}

export async function startInstallServer(): Promise<InstallServer> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'dh-install-'));
  // Bundled into the test's own folder: the checkout's agent/dist stays the build it was.
  const bundle = await bundleAgent(await currentAgentVersion(), path.join(tmp, 'dist', 'dockhand-agent.mjs'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const releasesDir = path.join(tmp, 'agent-releases');
  const releaseKey = await makeReleaseKey(path.join(tmp, 'release-key'));
  const testApp = await createTestApp({
    PUBLIC_URL: base,
    AGENT_BUNDLE_PATH: bundle,
    AGENT_RELEASES_DIR: releasesDir,
    AGENT_RELEASE_PUBLIC_KEY: releaseKey.publicKey,
  });
  await testApp.app.listen({ host: '127.0.0.1', port });
  const stateDir = path.join(tmp, 'state');
  return {
    tmp,
    base,
    testApp,
    releasesDir,
    releaseKey,
    prefix: path.join(tmp, 'prefix'),
    stateDir,
    close: async () => {
      await stopInstalledAgent(stateDir);
      await testApp.close();
      await rm(tmp, { recursive: true, force: true });
    },
  };
}

/** The version in agent/package.json: what a fresh bundle reports. */
export async function currentAgentVersion(): Promise<string> {
  return (JSON.parse(await readFile(path.join(agentDir, 'package.json'), 'utf8')) as { version: string })
    .version;
}

/** install.sh --no-systemd into the server's prefix; `pairingCode` is the one it printed. */
export async function installAgent(
  server: InstallServer,
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string; pairingCode: string | undefined }> {
  const result = await runInstaller(
    server.base,
    ['--no-systemd', '--prefix', server.prefix, '--state-dir', server.stateDir],
    env,
  );
  return { ...result, pairingCode: /Your server code: ([A-Z0-9]{6})/.exec(result.output)?.[1] };
}

/** Signs `email` in and claims the installed agent with its code, in a new organization. */
export async function pairInstalledAgent(
  server: InstallServer,
  pairingCode: string | undefined,
  email: string,
): Promise<{ user: TestUser; agentId: string }> {
  const { app } = server.testApp;
  const user = await signIn(app, email);
  const call = async (url: string, payload: object) =>
    (await app.inject({ method: 'POST', url, headers: user.headers, payload })).json() as {
      success: boolean;
      message: string;
      data: { id: string; agent: { id: string } };
    };
  const organization = await call('/api/v1/organization/create-organization', { name: 'Installers' });
  const registered = await call('/api/v1/agents/register-agent', {
    code: pairingCode,
    organization_id: organization.data.id,
  });
  if (!registered.success) throw new Error(`pairing failed: ${registered.message}`);
  return { user, agentId: registered.data.agent.id };
}
