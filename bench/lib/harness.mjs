// What every benchmark needs to stand up the real product on loopback: a free port, the server's
// health, the real sign-in, the Chromium flags of this machine, a process's resident memory.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const requireFromServer = createRequire(path.join(repoRoot, 'server', 'package.json'));
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://dockhand:dockhand@127.0.0.1:5432/postgres';

async function adminQuery(statement) {
  const client = new (requireFromServer('pg').Client)({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A throwaway PostgreSQL database made from BENCH_DATABASE_URL (default: the local dockhand role). */
export async function createDatabase() {
  const name = `dockhand_bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export async function dropDatabase(name) {
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/**
 * The built server (`main`, default server/dist/main.js) on a free loopback port with the
 * development identity provider, on SQLite in a fresh data folder or on PostgreSQL in a throwaway
 * database made from BENCH_DATABASE_URL (default: the local dockhand role). `sql` runs a statement
 * on its database ($1, $2... parameters); `stop` ends it and removes its data.
 */
export async function startServer(
  engine,
  { main = path.join(repoRoot, 'server', 'dist', 'main.js'), nodeArgs = [], env: extraEnv = {} } = {},
) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dockhand-bench-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    DEV_IDP: '1',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  let databaseName = null;
  if (engine === 'postgres') {
    const database = await createDatabase();
    databaseName = database.name;
    env.DATABASE_URL = database.url;
  }
  const child = spawn(process.execPath, [...nodeArgs, main], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  let database = null;
  const stop = async () => {
    if (database) await database.close();
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    if (databaseName) await dropDatabase(databaseName);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base, child);
  } catch (error) {
    await stop();
    throw error;
  }
  async function sql(statement, parameters = []) {
    if (!database && databaseName) {
      const client = new (requireFromServer('pg').Client)({ connectionString: env.DATABASE_URL });
      await client.connect();
      database = { run: (text, values) => client.query(text, values), close: () => client.end() };
    } else if (!database) {
      const sqlite = new (requireFromServer('better-sqlite3'))(path.join(dataDir, 'dockhand.db'));
      sqlite.pragma('busy_timeout = 5000');
      database = {
        // SQLite's own ? parameters, in the order the $n appear.
        run: async (text, values) => {
          const ordered = [...text.matchAll(/\$(\d+)/g)].map((match) => values[Number(match[1]) - 1]);
          return sqlite.prepare(text.replace(/\$\d+/g, '?')).run(ordered);
        },
        close: async () => sqlite.close(),
      };
    }
    await database.run(statement, parameters);
  }
  return { base, child, databaseName, sql, stop };
}

/** Headless Chromium on these machines (see the developers' guide). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  // Chromium 156 preloads its omnibox popup (a WebUI page in a renderer of its own) for every new
  // window, and every new Playwright context is one: 100-250 ms of CPU beside each cold load.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
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

/** Calls the API as the signed-in user (bearer token); returns `data`, throws the refusal. */
export async function apiCall(base, token, method, url, body) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json();
  if (!json.success) throw new Error(`${url}: ${json.message}`);
  return json.data;
}

/**
 * A catalog template.json of one compose.yml and one release 1.0.0 whose image tag is `imageTag`;
 * `fields` gives the rest (id, name, slug, summary, description, license, homepage_url, keywords,
 * tags, logo).
 */
export function benchTemplate(imageTag, fields) {
  return {
    license_url: null,
    repository_url: null,
    registry_url: null,
    documentation_url: null,
    alternative_to: [],
    waiting_list: false,
    available_in: [],
    sponsorship: [],
    ...fields,
    registry: {
      tags: [{ name: '1.0.0' }],
      releases: [
        {
          name: '1.0.0',
          date: '2026-01-01',
          description: 'x',
          breaking_changes: false,
          changelog_url: null,
          image_tag: imageTag,
        },
      ],
    },
    files: [{ filename: 'compose.yml', path: 'compose.yml' }],
    variables: [],
  };
}

/** Resident memory of a process, in MB. */
export function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** CPU time (user + system) a process has used so far, in ms (clock ticks are 10 ms here). */
export function cpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0; // the process has gone
  }
}

/** The PostgreSQL backends serving `database` (their process titles name it). */
export function postgresBackends(database) {
  const pids = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres: ') && title.includes(` ${database} `)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
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

/** The middle value (the upper middle of an even count). */
export function median(values) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

/** `value` as a multiple of `smallest`, for a column of a curve: "  ×12.3". */
export function ratio(value, smallest) {
  return `×${(value / Math.max(smallest, 0.1)).toFixed(1)}`.padStart(7);
}

/** The machine's load averages over 1, 5 and 15 minutes, for the line under a table of figures. */
export function loadAverage() {
  return os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
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

/** wrk prints latencies as 812.00us, 1.92ms or 1.20s. */
function latencyMs(text) {
  const match = /^([\d.]+)(us|ms|s)$/.exec(text ?? '');
  if (!match) return Number.NaN;
  return Number(match[1]) * { us: 0.001, ms: 1, s: 1000 }[match[2]];
}

/** Loads `url` as the signed-in user with wrk (1 thread); req/s, p50 and p99 in ms, non-2xx count. */
export function runWrk(url, token, { connections, seconds }) {
  const output = execFileSync(
    'wrk',
    ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-H', `Authorization: Bearer ${token}`, url],
    { encoding: 'utf8' },
  );
  const perSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]);
  const p50 = latencyMs(/\s50%\s+([\d.]+\w+)/.exec(output)?.[1]);
  const p99 = latencyMs(/\s99%\s+([\d.]+\w+)/.exec(output)?.[1]);
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? '0';
  return { perSecond, p50, p99, non2xx };
}

/** Exits with the install command when wrk is missing. */
export function requireWrk() {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (error) {
    // wrk prints its version and exits 1; only a missing binary is a problem.
    if (error.code === 'ENOENT') {
      console.error('this benchmark drives the load with wrk: apt-get install -y wrk');
      process.exit(1);
    }
  }
}

/**
 * Starts a Chromium trace of the main-thread timeline on a CDP session (with `moreCategories`,
 * e.g. 'blink.user_timing' for the page's marks); the returned function ends it and resolves to
 * its events.
 */
export async function startTimelineTrace(cdp, moreCategories = '') {
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: ['devtools.timeline,v8,disabled-by-default-devtools.timeline', moreCategories]
      .filter(Boolean)
      .join(','),
    transferMode: 'ReportEvents',
  });
  return async () => {
    await cdp.send('Tracing.end');
    await traced;
    return events;
  };
}
