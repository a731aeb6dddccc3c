#!/usr/bin/env node
// API benchmark: starts the built server on SQLite and on PostgreSQL, signs in through the
// built-in dev identity provider (the real OIDC code flow), then drives the signed-in user, the
// server list and the dashboard's status polls with wrk at a fixed concurrency on loopback.
// Prints req/s, p50, p99, CPU per request of the server and of PostgreSQL, and the server's idle
// resident memory. Figures only: nothing is asserted.
//
//   node bench/api/run.mjs                     # both engines
//   BENCH_ENGINES=sqlite BENCH_SECONDS=5 node bench/api/run.mjs
//   BENCH_BASELINE=/tmp/base/server/dist/main.js BENCH_ROUNDS=3 node bench/api/run.mjs   # before/after
//   BENCH_DATABASE_URL=postgres://user:pass@host:5432/postgres (default: the local dockhand role)
// Each round also loads a bare Fastify (the server's own version, no plugins, no hooks) answering a
// poll-sized JSON the same way: the most HTTP alone allows on this machine, to read the figures by.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  cpuMs,
  postgresBackends,
  requireWrk,
  repoRoot as root,
  rssMb,
  runWrk as loadWithWrk,
  signIn,
  startServer,
} from '../lib/harness.mjs';

const serverMain = path.join(root, 'server', 'dist', 'main.js');

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
// The status polls of the dashboard, and the signed-in user and server list it loads first.
const ENDPOINTS = (
  process.env.BENCH_ENDPOINTS ??
  '/auth/user,/api/v1/agents/get-agents,/api/v1/agents/get-agents-status,/api/v1/apps/get-apps-status'
).split(',');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
// A second build to compare with in the same sitting (its dist/main.js), e.g. one of main.
const BUILDS = [
  ['current', serverMain],
  ...(process.env.BENCH_BASELINE ? [['baseline', process.env.BENCH_BASELINE]] : []),
];
// Extra node flags for the server, e.g. BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'.
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

const runWrk = (url, token, seconds = SECONDS) =>
  loadWithWrk(url, token, { connections: CONNECTIONS, seconds });

/** Starts `main` on `engine`, signs in, loads each endpoint; returns the figures. */
async function benchEngine(engine, main) {
  const server = await startServer(engine, { main, nodeArgs: NODE_ARGS });
  const { base, child } = server;
  const figures = { idle: 0, after: 0, endpoints: {} };
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    figures.idle = rssMb(child.pid);
    const token = await signIn(base);
    const created = await fetch(`${base}/api/v1/organization/create-organization`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench org' }),
    });
    if (!created.ok) throw new Error(`create-organization failed: ${created.status}`);
    for (const endpoint of ENDPOINTS) {
      const probe = await fetch(`${base}${endpoint}`, { headers: { authorization: `Bearer ${token}` } });
      if (probe.status === 404) continue;
      runWrk(`${base}${endpoint}`, token, WARMUP_SECONDS); // JIT and caches warm; not reported
      // CPU per request of the server and of the database: what stays true on a busy machine.
      const database = server.databaseName ? postgresBackends(server.databaseName) : [];
      const cpuBefore = { server: cpuMs(child.pid), database: sum(database.map(cpuMs)) };
      const result = runWrk(`${base}${endpoint}`, token);
      const requests = result.perSecond * SECONDS;
      result.serverUs = ((cpuMs(child.pid) - cpuBefore.server) * 1000) / requests;
      result.databaseUs = ((sum(database.map(cpuMs)) - cpuBefore.database) * 1000) / requests;
      figures.endpoints[endpoint] = result;
    }
    figures.after = rssMb(child.pid);
  } finally {
    await server.stop();
  }
  return figures;
}

/** The bare Fastify of the round: one route, a poll-sized JSON, no logger, plugins or hooks. */
const BARE_FASTIFY = `
  import { createRequire } from 'node:module';
  const Fastify = createRequire(${JSON.stringify(path.join(root, 'server', 'package.json'))})('fastify');
  const app = Fastify({ logger: false });
  const answer = { success: true, message: 'Servers status retrieved', data: [] };
  app.get('/bare', (_request, reply) => reply.send(answer));
  await app.listen({ host: '127.0.0.1', port: 0 });
  console.log(app.server.address().port);
`;

async function benchBareFastify() {
  const child = spawn(process.execPath, ['--input-type=module', '-e', BARE_FASTIFY], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise((resolve, reject) => {
      child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
      child.once('exit', (code) => reject(new Error(`bare Fastify exited (${code})`)));
    });
    const url = `http://127.0.0.1:${port}/bare`;
    runWrk(url, 'none', WARMUP_SECONDS);
    const before = cpuMs(child.pid);
    const result = runWrk(url, 'none');
    result.serverUs = ((cpuMs(child.pid) - before) * 1000) / (result.perSecond * SECONDS);
    result.databaseUs = 0;
    return result;
  } finally {
    child.kill();
  }
}

function printRun(label, figures) {
  console.log(
    `\n${label}: idle RSS ${figures.idle.toFixed(1)} MB, after load ${figures.after.toFixed(1)} MB`,
  );
  for (const endpoint of ENDPOINTS) {
    const result = figures.endpoints[endpoint];
    if (!result) {
      console.log(`  ${endpoint.padEnd(34)} not available (404): skipped`);
      continue;
    }
    console.log(
      `  ${endpoint.padEnd(34)} ${result.perSecond.toFixed(0).padStart(7)} req/s   p50 ${ms(result.p50)}   p99 ${ms(result.p99)}` +
        `   CPU/request: server ${result.serverUs.toFixed(0)} µs, database ${result.databaseUs.toFixed(0)} µs` +
        (result.non2xx !== '0' ? `   (${result.non2xx} non-2xx!)` : ''),
    );
  }
}

const sum = (values) => values.reduce((total, value) => total + value, 0);
const ms = (value) => `${value.toFixed(2)} ms`.padStart(9);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Medians over the rounds, per build and engine; PostgreSQL's throughput as a share of SQLite's. */
function printSummary(runs) {
  console.log(`\nMedians of ${ROUNDS} round(s) (each build and engine started afresh every round):`);
  const header = `  ${'build'.padEnd(9)}${'engine'.padEnd(10)}${'endpoint'.padEnd(34)}${'req/s'.padStart(8)}${'p50'.padStart(10)}${'p99'.padStart(10)}${'pg/sqlite'.padStart(11)}${'CPU µs/req server+db'.padStart(22)}`;
  console.log(header);
  for (const [build] of BUILDS) {
    for (const engine of ENGINES) {
      const mine = runs.filter((run) => run.build === build && run.engine === engine);
      console.log(
        `  ${build.padEnd(9)}${engine.padEnd(10)}${'idle RSS'.padEnd(34)}${`${median(mine.map((run) => run.figures.idle)).toFixed(1)} MB`.padStart(8)}`,
      );
      for (const endpoint of ENDPOINTS) {
        const results = mine.map((run) => run.figures.endpoints[endpoint]).filter(Boolean);
        if (!results.length) continue;
        const perSecond = median(results.map((result) => result.perSecond));
        const sqlite = runs
          .filter((run) => run.build === build && run.engine === 'sqlite')
          .map((run) => run.figures.endpoints[endpoint]?.perSecond)
          .filter(Boolean);
        const share =
          engine === 'postgres' && sqlite.length
            ? `${((100 * perSecond) / median(sqlite)).toFixed(0)} %`
            : '';
        console.log(
          `  ${build.padEnd(9)}${engine.padEnd(10)}${endpoint.padEnd(34)}${perSecond.toFixed(0).padStart(8)}` +
            `${ms(median(results.map((result) => result.p50))).padStart(10)}${ms(median(results.map((result) => result.p99))).padStart(10)}${share.padStart(11)}` +
            `${median(results.map((result) => result.serverUs))
              .toFixed(0)
              .padStart(13)} + ${median(results.map((result) => result.databaseUs)).toFixed(0)}`,
        );
      }
    }
  }
}

requireWrk();
if (!fs.existsSync(serverMain)) {
  console.log('Building the server (server/dist is missing)...');
  execFileSync('pnpm', ['--filter', 'server', 'build'], { cwd: root, stdio: 'inherit' });
}
console.log(`Dockhand API benchmark on ${os.cpus().length} cores, Node ${process.version}`);
console.log(
  'Targets: SQLite >= 10,000 req/s; PostgreSQL p99 <= 10 ms and >= 80 % of SQLite; server idle RSS <= 120 MB.',
);
console.log(
  `wrk: 1 thread, ${CONNECTIONS} connections, ${SECONDS} s per endpoint after ${WARMUP_SECONDS} s warm-up`,
);
const runs = [];
const bare = [];
for (let round = 1; round <= ROUNDS; round += 1) {
  const result = await benchBareFastify();
  bare.push(result);
  console.log(
    `\nround ${round}, bare Fastify: ${result.perSecond.toFixed(0)} req/s   p50 ${ms(result.p50)}   p99 ${ms(result.p99)}   CPU/request ${result.serverUs.toFixed(0)} µs`,
  );
  for (const engine of ENGINES) {
    for (const [build, main] of BUILDS) {
      const figures = await benchEngine(engine, main);
      runs.push({ build, engine, figures });
      printRun(`round ${round}, ${build}, ${engine}`, figures);
    }
  }
}
printSummary(runs);
console.log(
  `  bare Fastify, same wrk (the HTTP ceiling here): ${median(bare.map((result) => result.perSecond)).toFixed(0)} req/s, ` +
    `${median(bare.map((result) => result.serverUs)).toFixed(0)} µs CPU per request`,
);
