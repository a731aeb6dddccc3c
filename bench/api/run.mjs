#!/usr/bin/env node
// API benchmark: starts the built server on SQLite and on PostgreSQL, signs in through the
// built-in dev identity provider (the real OIDC code flow), then drives GET /auth/user and
// GET /api/v1/agents/get-agents with wrk at a fixed concurrency on loopback. Prints req/s, p50,
// p99 and the server's idle resident memory. Figures only: nothing is asserted.
//
//   node bench/api/run.mjs                     # both engines
//   BENCH_ENGINES=sqlite BENCH_SECONDS=5 node bench/api/run.mjs
//   BENCH_DATABASE_URL=postgres://user:pass@host:5432/postgres (default: the local dockhand role)
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort, repoRoot as root, rssMb, signIn, waitForHealth } from '../lib/harness.mjs';

const serverMain = path.join(root, 'server', 'dist', 'main.js');
const pg = createRequire(path.join(root, 'server', 'package.json'))('pg');

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://dockhand:dockhand@127.0.0.1:5432/postgres';
const ENDPOINTS = (process.env.BENCH_ENDPOINTS ?? '/auth/user,/api/v1/agents/get-agents').split(',');

async function adminQuery(statement) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function runWrk(url, token, seconds = SECONDS) {
  const output = execFileSync(
    'wrk',
    ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', '-H', `Authorization: Bearer ${token}`, url],
    { encoding: 'utf8' },
  );
  const perSecond = /Requests\/sec:\s+([\d.]+)/.exec(output)?.[1];
  const p50 = /\s50%\s+([\d.]+\w+)/.exec(output)?.[1];
  const p99 = /\s99%\s+([\d.]+\w+)/.exec(output)?.[1];
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? '0';
  return { perSecond, p50, p99, non2xx };
}

async function benchEngine(engine) {
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
  };
  delete env.DATABASE_URL;
  let databaseName = null;
  if (engine === 'postgres') {
    databaseName = `dockhand_bench_${randomBytes(4).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${databaseName}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${databaseName}`;
    env.DATABASE_URL = url.toString();
  }
  const child = spawn(process.execPath, [serverMain], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitForHealth(base, child);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = rssMb(child.pid).toFixed(1);
    const token = await signIn(base);
    const created = await fetch(`${base}/api/v1/organization/create-organization`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench org' }),
    });
    if (!created.ok) throw new Error(`create-organization failed: ${created.status}`);
    console.log(`\n${engine}: idle RSS ${idle} MB (after start, before load)`);
    console.log(
      `  wrk: 1 thread, ${CONNECTIONS} connections, ${SECONDS} s per endpoint after ${WARMUP_SECONDS} s warm-up`,
    );
    for (const endpoint of ENDPOINTS) {
      const probe = await fetch(`${base}${endpoint}`, { headers: { authorization: `Bearer ${token}` } });
      if (probe.status === 404) {
        console.log(`  ${endpoint.padEnd(28)} not available yet (404): skipped`);
        continue;
      }
      runWrk(`${base}${endpoint}`, token, WARMUP_SECONDS); // JIT and caches warm; not reported
      const result = runWrk(`${base}${endpoint}`, token);
      console.log(
        `  ${endpoint.padEnd(28)} ${String(result.perSecond).padStart(9)} req/s   p50 ${result.p50}   p99 ${result.p99}` +
          (result.non2xx !== '0' ? `   (${result.non2xx} non-2xx!)` : ''),
      );
    }
    console.log(`  RSS after load: ${rssMb(child.pid).toFixed(1)} MB`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    if (databaseName) await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

try {
  execFileSync('wrk', ['--version'], { stdio: 'ignore' });
} catch (error) {
  // wrk prints its version and exits 1; only a missing binary is a problem.
  if (error.code === 'ENOENT') {
    console.error('bench/api drives the load with wrk: apt-get install -y wrk');
    process.exit(1);
  }
}
if (!fs.existsSync(serverMain)) {
  console.log('Building the server (server/dist is missing)...');
  execFileSync('pnpm', ['--filter', 'server', 'build'], { cwd: root, stdio: 'inherit' });
}
console.log(`Dockhand API benchmark on ${os.cpus().length} cores, Node ${process.version}`);
console.log('Targets: >= 2000 req/s and p99 <= 10 ms on SQLite; idle RSS <= 150 MB.');
for (const engine of ENGINES) await benchEngine(engine);
