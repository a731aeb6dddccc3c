#!/usr/bin/env node
// How the Apps Catalog's cost grows with the number of templates (issue 19): the built-in catalog
// (27 templates today) and 800, in headless Chromium on loopback. Prints the first render (navigation
// to the cards on screen, a warm tab reloading, median of BENCH_RUNS) and the time from each
// keystroke of a search to the paint of its results (Event Timing; median and worst of the
// keystrokes), each with its ratio to the built-in catalog. Figures only.
//
// Needs `pnpm build`. The extra templates are generated into CATALOG_EXTRA_DIR; the server is
// a row in the database (the catalog needs a server chosen, not a connected one).
//
//   node bench/scale/catalog.mjs
//   BENCH_TEMPLATES=800,2000 node bench/scale/catalog.mjs
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  apiCall,
  benchTemplate,
  loadAverage,
  median,
  ratio,
  repoRoot as root,
  signIn,
  startServer,
} from '../lib/harness.mjs';
import { launchChromium } from '../lib/paired-dashboard.mjs';

const EXTRA_TOTALS = (process.env.BENCH_TEMPLATES ?? '800').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SEARCH = 'bench tool 7';
/** The templates shipped with the server. */
const BUILT_IN = fs.readdirSync(path.join(root, 'server', 'catalog', 'templates')).length;

function writeTemplates(dir, count) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'assets', 'bench.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  for (let index = 1; index <= count; index += 1) {
    const id = `bench-tool-${index}`;
    const template = path.join(dir, 'templates', id);
    fs.mkdirSync(template, { recursive: true });
    fs.writeFileSync(path.join(template, 'compose.yml'), 'services:\n  web:\n    image: busybox:1\n');
    fs.writeFileSync(
      path.join(template, 'template.json'),
      JSON.stringify(
        benchTemplate('1', {
          id,
          name: `Bench Tool ${index}`,
          slug: id,
          summary: `A generated template number ${index} for the catalog bench.`,
          description: `Generated for bench/scale/catalog.mjs: template ${index}.`,
          license: 'MIT',
          homepage_url: `https://example.com/${id}`,
          keywords: ['bench', `group-${index % 10}`],
          tags: [`Bench ${index % 12}`],
          logo: 'bench.svg',
        }),
      ),
    );
  }
}

/**
 * Records when the number of cards last changed (the first render is done once it stops changing:
 * a long catalog may render its cards in pages) and, through the Event Timing API, each keystroke
 * from the key press to the paint of its results (events under 16 ms are not reported).
 */
const PROBE = `
  (() => {
    window.__cards = { count: 0, changedAt: 0 };
    new MutationObserver(() => {
      const count = document.querySelectorAll('[data-testid="catalog-card"]').length;
      if (count !== window.__cards.count) window.__cards = { count, changedAt: performance.now() };
    }).observe(document, { childList: true, subtree: true });
    window.__keystrokes = new Map();
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!entry.interactionId) continue;
        window.__keystrokes.set(entry.interactionId, Math.max(window.__keystrokes.get(entry.interactionId) ?? 0, entry.duration));
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  })();
`;

/** Waits until the cards have not changed for half a second; returns when they last changed. */
async function cardsSettled(page) {
  await page.waitForFunction(
    () => globalThis.__cards.count > 0 && performance.now() - globalThis.__cards.changedAt > 500,
    null,
    { timeout: 120_000, polling: 100 },
  );
  return page.evaluate(() => globalThis.__cards.changedAt);
}

/** One catalog size: first renders, then the search typed key by key. */
async function measure(browser, templates) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dockhand-bench-catalog-'));
  if (templates > 0) writeTemplates(workDir, templates);
  const server = await startServer('sqlite', templates > 0 ? { env: { CATALOG_EXTRA_DIR: workDir } } : {});
  const context = await browser.newContext();
  try {
    const token = await signIn(server.base);
    const organization = await apiCall(
      server.base,
      token,
      'POST',
      '/api/v1/organization/create-organization',
      {
        name: 'Bench org',
      },
    );
    await server.sql(
      `INSERT INTO agents (id, organization_id, name, certificate, subscription_status, created_at)
       VALUES ($1, $2, 'bench server', 'not a certificate', 'free', $3)`,
      [randomUUID(), organization.id, Date.now()],
    );
    const agents = await apiCall(server.base, token, 'GET', '/api/v1/agents/get-agents');
    const catalog = await apiCall(
      server.base,
      token,
      'GET',
      `/api/v1/catalog/get-apps?agent_id=${agents.agents[0].id}`,
    );
    const total = catalog.length;
    await context.addCookies([{ name: 'access_token', value: token, url: server.base }]);
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    const renders = [];
    for (let run = 0; run <= RUNS; run += 1) {
      if (run === 0) await page.goto(`${server.base}/#/catalog`);
      else await page.reload();
      const settledAt = await cardsSettled(page);
      if (run > 0) renders.push(settledAt);
    }
    const search = page.getByRole('searchbox', { name: 'Search the catalog' });
    await search.click();
    for (const character of SEARCH) {
      await page.keyboard.type(character);
      await page.waitForTimeout(300); // the results of this keystroke settle
    }
    // Keystrokes that took under 16 ms are not reported: they count as 16.
    const reported = await page.evaluate(() => [...globalThis.__keystrokes.values()]);
    const keys = [...reported, ...Array(Math.max(0, SEARCH.length - reported.length)).fill(16)];
    return { total, render: median(renders), keyMedian: median(keys), keyWorst: Math.max(...keys) };
  } finally {
    await context.close();
    await server.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

const browser = await launchChromium();
try {
  const rows = [];
  for (const extra of [0, ...EXTRA_TOTALS.map((total) => total - BUILT_IN)])
    rows.push(await measure(browser, extra));
  const [first] = rows;
  console.log(`Apps Catalog by number of templates (headless Chromium, warm tab, median of ${RUNS})`);
  console.log(
    `${'items'.padStart(6)}  ${'first render'.padEnd(19)}${'keystroke → results, median'.padEnd(32)}worst`,
  );
  for (const row of rows) {
    console.log(
      `${String(row.total).padStart(6)}  ${`${row.render.toFixed(0)} ms`.padStart(8)}${ratio(row.render, first.render)}    ` +
        `${`${row.keyMedian.toFixed(1)} ms`.padStart(10)}${ratio(row.keyMedian, first.keyMedian)}               ` +
        `${row.keyWorst.toFixed(1)} ms`,
    );
  }
  console.log(`(search typed: "${SEARCH}"; machine load average ${loadAverage()})`);
} finally {
  await browser.close();
}
