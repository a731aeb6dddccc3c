#!/usr/bin/env node
// How the dashboard's cost grows with the apps on one server (issue 19), in headless Chromium on
// loopback: with 1, 20, 200 and 1,000 apps, the time from navigation to the server card with all
// its app tiles on screen (a warm tab reloading, median of BENCH_RUNS), and the status poll as
// the page sees it (the get-apps-status request, and the longest main-thread task while its
// answer is rendered). Each figure with its ratio to the smallest case. Figures only.
//
// Needs `pnpm build` (the dashboard, the server and the agent). A real agent is paired (the poll
// runs only while the server is online); the apps are written straight into the database.
//
//   node bench/scale/dashboard.mjs
//   BENCH_APP_COUNTS=1,1000 BENCH_RUNS=9 node bench/scale/dashboard.mjs
import { randomUUID } from 'node:crypto';
import { loadAverage, median, ratio } from '../lib/harness.mjs';
import { startPairedDashboard } from '../lib/paired-dashboard.mjs';

const COUNTS = (process.env.BENCH_APP_COUNTS ?? '1,20,200,1000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/** Records when the server card and `count` tiles are on screen, and every long task. */
const probe = (count) => `
  (() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, ms: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    const check = () => {
      if (window.__readyAt) return;
      if (document.querySelector('[data-testid="server-card"]') &&
          document.querySelectorAll('[data-testid="app-tile"]').length >= ${count}) window.__readyAt = performance.now();
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  })();
`;

const { server, agentId, signedInContext, stop } = await startPairedDashboard(`dhscale${process.pid}`);
try {
  const context = await signedInContext();
  const page = await context.newPage();
  const rows = [];
  let seeded = 0;
  const now = Date.now();
  for (const count of COUNTS) {
    for (; seeded < count; seeded += 1) {
      await server.sql(
        `INSERT INTO apps (id, agent_id, name, project, icon, color, extension_values, status, created_at, updated_at)
         VALUES ($1, $2, $3, $3, 'box', '#3182CE', '[]', 1, $4, $4)`,
        [randomUUID(), agentId, `bench-app-${seeded + 1}`, now + seeded],
      );
    }
    await page.addInitScript(probe(count));
    const renders = [];
    for (let run = 0; run <= RUNS; run += 1) {
      if (run === 0) await page.goto(`${server.base}/#/`);
      else await page.reload();
      await page.waitForFunction(() => globalThis.__readyAt !== undefined, null, { timeout: 60_000 });
      if (run > 0) renders.push(await page.evaluate(() => globalThis.__readyAt)); // the first fills the caches
    }
    // One status poll after the first render: its request and the longest task after its answer.
    const poll = await page.waitForFunction(
      () => {
        const [entry] = performance
          .getEntriesByType('resource')
          .filter(
            (resource) =>
              resource.name.includes('get-apps-status') && resource.startTime > globalThis.__readyAt,
          );
        if (!entry) return null;
        const after = globalThis.__longTasks.filter((task) => task.start >= entry.responseEnd - 1);
        return { request: entry.duration, longestTask: Math.max(0, ...after.map((task) => task.ms)) };
      },
      null,
      { timeout: 60_000, polling: 200 },
    );
    const pollFigures = await poll.jsonValue();
    rows.push({ count, render: median(renders), ...pollFigures });
    console.log(`  ${count} apps measured`);
  }
  const [first] = rows;
  console.log(`\nDashboard by number of apps on one server (headless Chromium, warm tab, median of ${RUNS})`);
  console.log(
    `${'apps'.padStart(6)}  ${'first render'.padEnd(20)}${'poll request'.padEnd(20)}longest task after the poll`,
  );
  for (const row of rows) {
    console.log(
      `${String(row.count).padStart(6)}  ${`${row.render.toFixed(0)} ms`.padStart(8)}${ratio(row.render, first.render)}     ` +
        `${`${row.request.toFixed(1)} ms`.padStart(9)}${ratio(row.request, first.request)}     ` +
        `${`${row.longestTask.toFixed(0)} ms`.padStart(7)} (none under 50 ms are recorded)`,
    );
  }
  console.log(`machine load average ${loadAverage()}`);
} finally {
  await stop();
}
