#!/usr/bin/env node
// Reconcile figures (issue 15, no assertions): how long after an agent reconnects the server's
// inventory is reconciled with the 200 apps it holds, and what a running reconcile does to the
// p99 of the dashboard's status poll (get-apps-status). A real server (from source, SQLite) and a
// simulated agent (server/src/test/simulated-agent.ts: real keys, WebSocket and proof of key).
// Usage: pnpm --filter bench reconcile   (BENCH_APPS=200, BENCH_CYCLES=20, BENCH_POLLERS=4)
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { repoRoot, signIn, startServer } from '../lib/harness.mjs';
import { createAgentKeys, SimulatedAgent } from '../../server/src/test/simulated-agent.ts';

const APPS = Number(process.env.BENCH_APPS ?? 200);
const CYCLES = Number(process.env.BENCH_CYCLES ?? 20);
const POLLERS = Number(process.env.BENCH_POLLERS ?? 4);
const BASELINE_MS = Number(process.env.BENCH_BASELINE_MS ?? 10_000);

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => `${value.toFixed(1)} ms`;

// Half of the apps the agent holds are recorded (adopted below), half are found on the server.
const deployments = Array.from({ length: APPS }, (_, index) => {
  const id = randomUUID();
  return {
    app_id: id,
    project: `bench-${index}-${id.replace(/-/g, '').slice(0, 8)}`,
    files: [
      {
        filename: 'compose.yml',
        content: `services:\n  web${index}:\n    image: busybox\n`,
        is_encrypted: false,
      },
    ],
    variables: [],
  };
});
const inventory = deployments.map((deployment) => ({
  app_id: deployment.app_id,
  project: `dh-${deployment.project}`,
  digest: randomUUID().replace(/-/g, ''),
}));
const byId = new Map(deployments.map((deployment) => [deployment.app_id, deployment]));

const server = await startServer('sqlite', {
  main: path.join(repoRoot, 'server', 'src', 'main.ts'),
  nodeArgs: ['--import', 'tsx'],
});
try {
  const token = await signIn(server.base);
  const api = async (method, url, body) => {
    const response = await fetch(`${server.base}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json', 'idempotency-key': randomUUID() } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return response.json();
  };
  const wsUrl = `${server.base.replace(/^http/, 'ws')}/agent/connect`;
  const keys = await createAgentKeys();
  const answer = (method, params) => {
    if (method === 'app.export') return byId.get(params.app_id);
    if (method === 'operation.status') return { state: 'unknown' };
    throw new Error(`unexpected ${method}`);
  };
  let agent = new SimulatedAgent(keys, answer);
  agent.connect(wsUrl);
  await agent.waitFor(() => agent.pairingCode !== null);
  const organization = await api('POST', '/api/v1/organization/create-organization', { name: 'Bench' });
  const registered = await api('POST', '/api/v1/agents/register-agent', {
    code: agent.pairingCode,
    organization_id: organization.data.id,
  });
  const agentId = registered.data.agent.id;
  await agent.waitFor(() => agent.agentId === agentId);
  agent.send({ type: 'inventory', apps: inventory });
  const differences = async () => (await api('GET', `/api/v1/apps/get-inventory?agent_id=${agentId}`)).data;
  while ((await differences()).found.length < APPS) await new Promise((resolve) => setTimeout(resolve, 20));
  for (const deployment of deployments.slice(0, APPS / 2))
    await api('POST', `/api/v1/apps/adopt-app?agent_id=${agentId}`, { app_id: deployment.app_id });
  // Odd cycles report one found app fewer, so a cycle is reconciled only once its own inventory is.
  const inventoryOf = (cycle) => (cycle % 2 === 0 ? inventory : inventory.slice(0, -1));
  const reconciled = (seen, cycle) =>
    seen.found.length === inventoryOf(cycle).length - APPS / 2 && seen.missing.length === 0;

  /** POLLERS loops of get-apps-status (every app of the user) until `until()`; the latencies. */
  const poll = async (until) => {
    const latencies = [];
    await Promise.all(
      Array.from({ length: POLLERS }, async () => {
        while (!until()) {
          const started = performance.now();
          await api('GET', '/api/v1/apps/get-apps-status');
          latencies.push(performance.now() - started);
        }
      }),
    );
    return latencies;
  };

  const baselineEnd = Date.now() + BASELINE_MS;
  const quiet = await poll(() => Date.now() > baselineEnd);

  // The agent reconnects (a dropped connection, a server restart) and sends its inventory; the
  // server reconciles it (recovery of unfinished operations, the found/missing view) while the
  // status poll goes on. Each cycle: from the new connection to get-inventory showing it reconciled.
  const reconnects = [];
  let done = false;
  const busy = poll(() => done);
  for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
    agent.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    agent = new SimulatedAgent(keys, answer);
    agent.connect(wsUrl);
    await agent.waitFor(() => agent.agentId === agentId);
    agent.send({ type: 'inventory', apps: inventoryOf(cycle) });
    while (!reconciled(await differences(), cycle)) await new Promise((resolve) => setTimeout(resolve, 5));
    reconnects.push(performance.now() - started);
  }
  done = true;
  const loaded = await busy;

  const quietP99 = percentile(quiet, 99);
  const loadedP99 = percentile(loaded, 99);
  console.log(`apps held by the agent: ${APPS} (${APPS / 2} recorded, ${APPS / 2} found)`);
  console.log(
    `reconnect → reconciled inventory: median ${ms(percentile(reconnects, 50))}, max ${ms(Math.max(...reconnects))} (${CYCLES} reconnects)`,
  );
  console.log(
    `get-apps-status p99 without reconcile: ${ms(quietP99)} (${quiet.length} polls, ${POLLERS} pollers)`,
  );
  console.log(`get-apps-status p99 while reconciling: ${ms(loadedP99)} (${loaded.length} polls)`);
  console.log(`ratio: ${(loadedP99 / quietP99).toFixed(2)}`);
  agent.close();
} finally {
  await server.stop();
}
