#!/usr/bin/env node
// How the cost of the app list grows with the number of apps on one server (issue 19): the time
// and bytes of get-apps (the sidebar and the server's tiles) and get-apps-status (the dashboard's
// status poll) with 1, 20, 200 and 1,000 apps, each with its ratio to the smallest case. Figures
// only, nothing is asserted.
//
// The built server runs on SQLite (or BENCH_ENGINE=postgres, a throwaway database made from
// BENCH_DATABASE_URL) with the development identity provider; one organization holds one server
// whose apps are written straight into the database (deploying 1,000 Compose apps would measure
// Docker, not the list). The server is not connected, which changes no query.
//
//   node bench/scale/apps.mjs
//   BENCH_APP_COUNTS=1,20,200,1000,5000 BENCH_REQUESTS=100 node bench/scale/apps.mjs
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { median, signIn, startServer } from '../lib/harness.mjs';

const COUNTS = (process.env.BENCH_APP_COUNTS ?? '1,20,200,1000').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const ENGINE = process.env.BENCH_ENGINE ?? 'sqlite';

/** Median time of REQUESTS sequential GETs after 10 not counted, and the answer's size. */
async function measure(url, token) {
  const get = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return { ms: performance.now() - started, bytes: body.byteLength };
  };
  for (let run = 0; run < 10; run += 1) await get();
  const runs = [];
  for (let run = 0; run < REQUESTS; run += 1) runs.push(await get());
  return { ms: median(runs.map((run) => run.ms)), bytes: runs[0].bytes };
}

const server = await startServer(ENGINE);
try {
  const token = await signIn(server.base);
  const created = await fetch(`${server.base}/api/v1/organization/create-organization`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench org' }),
  }).then((response) => response.json());
  const agentId = randomUUID();
  const now = Date.now();
  await server.sql(
    `INSERT INTO agents (id, organization_id, name, certificate, subscription_status, created_at)
     VALUES ($1, $2, 'bench server', 'not a certificate', 'free', $3)`,
    [agentId, created.data.id, now],
  );
  console.log(`App list cost by number of apps on one server (${ENGINE}, median of ${REQUESTS} requests)`);
  const rows = [];
  let seeded = 0;
  for (const count of COUNTS) {
    for (; seeded < count; seeded += 1) {
      await server.sql(
        `INSERT INTO apps (id, agent_id, name, project, icon, color, extension_values, status, created_at, updated_at)
         VALUES ($1, $2, $3, $3, 'box', '#3182CE', '[]', 1, $4, $4)`,
        [randomUUID(), agentId, `bench-app-${seeded + 1}`, now + seeded],
      );
    }
    rows.push({
      count,
      apps: await measure(`${server.base}/api/v1/apps/get-apps?agent_id=${agentId}`, token),
      statuses: await measure(`${server.base}/api/v1/apps/get-apps-status`, token),
    });
  }
  const [first] = rows;
  const cell = (figure, smallest) =>
    `${figure.ms.toFixed(2).padStart(7)} ms ×${(figure.ms / smallest.ms).toFixed(1).padStart(5)} ` +
    `${String(figure.bytes).padStart(8)} B ×${(figure.bytes / smallest.bytes).toFixed(0).padStart(4)}`;
  console.log(`${'apps'.padStart(6)}  ${'get-apps (time, ratio, bytes, ratio)'.padEnd(38)}  get-apps-status`);
  for (const row of rows) {
    console.log(
      `${String(row.count).padStart(6)}  ${cell(row.apps, first.apps)}  ${cell(row.statuses, first.statuses)}`,
    );
  }
  console.log('A ratio above the ratio of app counts means the cost grows faster than the list.');
} finally {
  await server.stop();
}
