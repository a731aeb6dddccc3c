// What every benchmark needs to stand up the real product on loopback: a free port, the server's
// health, the real sign-in, the Chromium flags of this machine, a process's resident memory.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Headless Chromium on these machines (see the developers' guide). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once `${base}/healthz` answers; rejects when the server exits or after `timeoutMs`. */
export async function waitForHealth(base, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy');
}

/**
 * The real sign-in over HTTP: /auth/google/login, the development identity provider's form, the
 * callback. Returns the access token.
 */
export async function signIn(base, { name = 'Bench', email = 'bench@example.com' } = {}) {
  const jar = new Map();
  const go = async (url, init = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([key, value]) => `${key}=${value}`).join('; '));
    const response = await fetch(new URL(url, base), { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0];
      const index = pair.indexOf('=');
      jar.set(pair.slice(0, index), pair.slice(index + 1));
    }
    return response;
  };
  let response = await go('/auth/google/login?redirect=/');
  response = await go(response.headers.get('location'));
  const form = await (await go(response.headers.get('location'))).text();
  response = await go(/action="([^"]+)"/.exec(form)[1], {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name, email }).toString(),
  });
  for (let hop = 0; hop < 5 && !jar.get('access_token'); hop += 1) {
    response = await go(response.headers.get('location'));
  }
  const token = jar.get('access_token');
  if (!token) throw new Error('sign-in through the development identity provider failed');
  return token;
}

/** Resident memory of a process, in MB. */
export function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Starts a process with a small fixed environment plus `env`; its stdout and stderr collect in `child.output`. */
export function startProcess(command, args, env = {}) {
  const child = spawn(command, args, {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.output = '';
  child.stdout.on('data', (chunk) => (child.output += chunk));
  child.stderr.on('data', (chunk) => (child.output += chunk));
  return child;
}

/** Polls `probe` every 100 ms until it gives a truthy value (errors count as not yet). */
export async function waitFor(probe, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
