#!/usr/bin/env node
// Several replicas on PostgreSQL (issue 17): three built servers on one throwaway database behind
// Debian's haproxy with the configuration of scripts/replicas/haproxy.cfg, on loopback. Figures
// only: nothing is asserted.
//
//   agents: 30,000 simulated agents (bench/lib/agent-fleet.mjs) connect through the balancer:
//     resident memory per replica, time until all count online, and after `kill -9` of one replica
//     the time until every agent is back online on the other two.
//   api: get-agents and get-agents-status with wrk through the balancer in front of the three
//     replicas, and through the same balancer in front of one of them, in one run: req/s, p99, ratio.
//
//   pnpm --filter bench replicas              # both
//   pnpm --filter bench replicas api          # one part
//   BENCH_AGENTS=10000 BENCH_API_AGENTS=100 BENCH_SECONDS=10 BENCH_ROUNDS=3 BENCH_CONNECTIONS=16
//   BENCH_DATABASE_URL=postgres://user:pass@host:5432/postgres (default: the local dockhand role)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { startFleet } from '../lib/agent-fleet.mjs';
import {
  apiCall,
  createDatabase,
  dropDatabase,
  freePort,
  repoRoot as root,
  requireWrk,
  rssMb,
  runWrk,
  signIn,
  startProcess,
  waitFor,
  waitForHealth,
} from '../lib/harness.mjs';

const parts = process.argv.slice(2).length ? process.argv.slice(2) : ['agents', 'api'];
const AGENTS = Number(process.env.BENCH_AGENTS ?? 30_000);
const API_AGENTS = Number(process.env.BENCH_API_AGENTS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const REPLICAS = 3;
/**
 * Agents per haproxy process. A proxied connection costs it two descriptors and a process may
 * open 20,000 here (`ulimit -Hn`, not raisable in this container), so a larger fleet gets several
 * haproxy processes on the one balancer address (haproxy binds with SO_REUSEPORT; the kernel
 * spreads new connections over them), as a hosted balancer runs several instances.
 */
const AGENTS_PER_BALANCER = 7_000;
const haproxyConfig = path.join(root, 'scripts', 'replicas', 'haproxy.cfg');
const serverMain = path.join(root, 'server', 'dist', 'main.js');
const requireFromServer = createRequire(path.join(root, 'server', 'package.json'));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const mb = (value) => `${value.toFixed(0)} MB`;

/**
 * Three replicas on one new database and `balancers` haproxy processes on one address in front of
 * them, and the access token of `email` signed in. `balancer(addresses)` starts another haproxy
 * (one process) in front of the given replicas.
 */
async function startReplicaSet(balancers, email) {
  const database = await createDatabase();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dockhand-bench-replicas-'));
  const children = [];
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const replicas = [];
  const stop = async () => {
    for (const child of children.reverse())
      if (child.exitCode === null && child.signalCode === null) child.kill();
    await sleep(500);
    await dropDatabase(database.name);
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  try {
    for (let n = 1; n <= REPLICAS; n += 1) {
      const replicaPort = await freePort();
      const child = startProcess(process.execPath, [serverMain], {
        PORT: String(replicaPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: path.join(tmp, `replica-${n}`),
        DATABASE_URL: database.url,
        TRUST_PROXY: '1',
        DEV_IDP: '1',
        BILLING_PROVIDER: 'dev',
        LOG_LEVEL: 'warn',
      });
      children.push(child);
      replicas.push({
        n,
        child,
        address: `127.0.0.1:${replicaPort}`,
        url: `http://127.0.0.1:${replicaPort}`,
      });
    }
    for (const replica of replicas) await waitForHealth(replica.url, replica.child, 120_000);
    const balancer = async (address, backends) => {
      const child = startProcess('haproxy', ['-f', haproxyConfig, '-db'], {
        BALANCER_ADDRESS: address,
        REPLICA_1: backends[0 % backends.length],
        REPLICA_2: backends[1 % backends.length],
        REPLICA_3: backends[2 % backends.length],
      });
      children.push(child);
      await waitFor(async () => (await fetch(`http://${address}/healthz`)).ok, 'the balancer');
      return child;
    };
    for (let n = 0; n < balancers; n += 1)
      await balancer(
        `127.0.0.1:${port}`,
        replicas.map((replica) => replica.address),
      );
    // The development identity provider's state is in the database: a sign-in's steps may land on
    // any replica.
    const token = await signIn(base, { email });
    const pg = new (requireFromServer('pg').Client)({ connectionString: database.url });
    await pg.connect();
    return {
      base,
      replicas,
      token,
      /** Another balancer in front of `backends` (replica addresses); its base URL. */
      async balancer(backends) {
        const address = `127.0.0.1:${await freePort()}`;
        await balancer(address, backends);
        return `http://${address}`;
      },
      query: (text, values) => pg.query(text, values),
      stop: async () => {
        await pg.end();
        await stop();
      },
    };
  } catch (error) {
    for (const child of children) if (child.output) console.error(child.output.slice(-2000));
    await stop();
    throw error;
  }
}

/** A new organization of the signed-in user holding the fleet's agents (rows written directly). */
async function organizationWithAgents(set, fleet) {
  const { token } = set;
  const organization = await apiCall(set.base, token, 'POST', '/api/v1/organization/create-organization', {
    name: 'Bench',
  });
  const rows = fleet.identities.map((identity, i) => [
    `bench-${i}`,
    organization.id,
    `bench-${i}`,
    identity.pem,
    identity.fingerprint,
    Date.now(),
  ]);
  for (let start = 0; start < rows.length; start += 1_000) {
    const batch = rows.slice(start, start + 1_000);
    await set.query(
      `INSERT INTO agents (id, organization_id, name, certificate, certificate_fingerprint, subscription_status, created_at) VALUES ${batch
        .map(
          (_, i) =>
            `($${6 * i + 1}, $${6 * i + 2}, $${6 * i + 3}, $${6 * i + 4}, $${6 * i + 5}, 'free', $${6 * i + 6})`,
        )
        .join(', ')}`,
      batch.flat(),
    );
  }
  return token;
}

async function onlineCount(set, token) {
  const status = await apiCall(set.base, token, 'GET', '/api/v1/agents/get-agents-status');
  return status.agents.filter((agent) => agent.status === 1).length;
}

/** Agents held per replica (by its URL), as the presence table says. */
async function heldPerReplica(set) {
  const { rows } = await set.query(
    `SELECT r.url, count(p.agent_id)::int AS held FROM server_replicas r LEFT JOIN agent_presence p ON p.replica_id = r.id GROUP BY r.url`,
  );
  return new Map(rows.map((row) => [row.url, row.held]));
}

async function agentsPart() {
  const balancers = Math.max(1, Math.ceil(AGENTS / AGENTS_PER_BALANCER));
  console.log(
    `\nagents: ${AGENTS} simulated agents, ${REPLICAS} replicas, ${balancers} haproxy process(es) on one address`,
  );
  let started = Date.now();
  const fleet = await startFleet(AGENTS);
  console.log(`  agent identities ready in ${seconds(Date.now() - started)} (kept for the next run)`);
  let set = null;
  try {
    set = await startReplicaSet(balancers, 'agents@example.com');
    const token = await organizationWithAgents(set, fleet);
    const idle = set.replicas.map((replica) => rssMb(replica.child.pid));
    started = Date.now();
    fleet.connect(`${set.base.replace('http', 'ws')}/agent/connect`);
    let reported = Date.now();
    await waitFor(
      async () => {
        const { online } = await fleet.counts();
        if (Date.now() - reported > 60_000) {
          reported = Date.now();
          console.log(
            `  ${online} welcomed after ${seconds(reported - started)} (load ${os.loadavg()[0].toFixed(1)})`,
          );
        }
        return online === AGENTS;
      },
      'every agent welcomed',
      3_600_000,
    );
    const welcomed = Date.now() - started;
    await waitFor(async () => (await onlineCount(set, token)) === AGENTS, 'every agent online', 600_000);
    const allOnline = Date.now() - started;
    await sleep(5_000); // settled: presence written, first pings answered
    const held = await heldPerReplica(set);
    console.log(
      `  all welcomed by a replica after ${seconds(welcomed)}; get-agents-status shows all ${AGENTS} online after ${seconds(allOnline)}` +
        ` (${(await fleet.counts()).failures} failed connection attempts retried)`,
    );
    for (const [index, replica] of set.replicas.entries())
      console.log(
        `  replica ${replica.n}: RSS ${mb(idle[index])} idle, ${mb(rssMb(replica.child.pid))} holding ${held.get(replica.url) ?? 0} agents`,
      );

    const [killed, ...survivors] = set.replicas;
    const dropped = held.get(killed.url) ?? 0;
    const killedAt = Date.now();
    process.kill(killed.child.pid, 'SIGKILL');
    let fewest = AGENTS;
    await waitFor(
      async () => {
        const { online } = await fleet.counts();
        fewest = Math.min(fewest, online);
        return fewest < AGENTS && online === AGENTS;
      },
      'every agent reconnected',
      600_000,
    );
    const reconnected = Date.now() - killedAt;
    // Back online for real: held by a surviving replica, not by the dead one's unexpired lease.
    await waitFor(
      async () => {
        const now = await heldPerReplica(set);
        return survivors.reduce((total, replica) => total + (now.get(replica.url) ?? 0), 0) === AGENTS;
      },
      'every agent held by a surviving replica',
      600_000,
    );
    const heldByOthers = Date.now() - killedAt;
    // And as the dashboard sees it, on whichever replica the balancer picks (each reads every 2 s).
    await waitFor(
      async () => (await onlineCount(set, token)) === AGENTS,
      'every agent online again',
      600_000,
    );
    const backOnline = Date.now() - killedAt;
    const after = await heldPerReplica(set);
    console.log(
      `  kill -9 of replica ${killed.n} (${dropped} agents): all reconnected through the balancer after ${seconds(reconnected)}` +
        `, all held by the two others after ${seconds(heldByOthers)}; get-agents-status shows all ${AGENTS} online after ${seconds(backOnline)}`,
    );
    for (const replica of survivors)
      console.log(
        `  replica ${replica.n}: RSS ${mb(rssMb(replica.child.pid))} holding ${after.get(replica.url) ?? 0} agents`,
      );
  } finally {
    await fleet.stop();
    await set?.stop();
  }
}

async function apiPart() {
  requireWrk();
  console.log(
    `\napi: wrk 1 thread, ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} round(s) alternating; ${API_AGENTS} agents online`,
  );
  const fleet = await startFleet(API_AGENTS);
  let set = null;
  try {
    set = await startReplicaSet(1, 'api@example.com');
    const token = await organizationWithAgents(set, fleet);
    fleet.connect(`${set.base.replace('http', 'ws')}/agent/connect`);
    await waitFor(async () => (await onlineCount(set, token)) === API_AGENTS, 'every agent online', 300_000);
    // The same haproxy configuration, its three server lines all naming replica 1.
    const one = await set.balancer([set.replicas[0].address]);
    console.log(
      `  ${'endpoint'.padEnd(36)}${'1 replica'.padStart(26)}${'3 replicas'.padStart(26)}${'req/s 3:1'.padStart(11)}${'p99 3:1'.padStart(9)}`,
    );
    for (const endpoint of ['/api/v1/agents/get-agents', '/api/v1/agents/get-agents-status']) {
      const runs = { one: [], three: [] };
      runWrk(`${one}${endpoint}`, token, { connections: CONNECTIONS, seconds: 3 }); // warm-up
      runWrk(`${set.base}${endpoint}`, token, { connections: CONNECTIONS, seconds: 3 });
      for (let round = 0; round < ROUNDS; round += 1) {
        runs.one.push(runWrk(`${one}${endpoint}`, token, { connections: CONNECTIONS, seconds: SECONDS }));
        runs.three.push(
          runWrk(`${set.base}${endpoint}`, token, { connections: CONNECTIONS, seconds: SECONDS }),
        );
      }
      const figures = (list) => ({
        perSecond: median(list.map((run) => run.perSecond)),
        p99: median(list.map((run) => run.p99)),
        non2xx: list.reduce((total, run) => total + Number(run.non2xx), 0),
      });
      const [a, b] = [figures(runs.one), figures(runs.three)];
      const cell = (f) => `${f.perSecond.toFixed(0)} req/s p99 ${f.p99.toFixed(1)} ms`.padStart(26);
      console.log(
        `  ${endpoint.padEnd(36)}${cell(a)}${cell(b)}${(b.perSecond / a.perSecond).toFixed(2).padStart(11)}${(b.p99 / a.p99).toFixed(2).padStart(9)}` +
          (a.non2xx + b.non2xx ? `   (${a.non2xx + b.non2xx} non-2xx!)` : ''),
      );
    }
  } finally {
    await fleet.stop();
    await set?.stop();
  }
}

if (!fs.existsSync(serverMain)) {
  console.log('Building the server (server/dist is missing)...');
  execFileSync('pnpm', ['--filter', 'server', 'build'], { cwd: root, stdio: 'inherit' });
}
console.log(
  `Dockhand replicas benchmark on ${os.cpus().length} cores, Node ${process.version}; load: ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`,
);
if (parts.includes('agents')) await agentsPart();
if (parts.includes('api')) await apiPart();
console.log(
  `load at the end: ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`,
);
