#!/usr/bin/env node
// Dashboard load benchmark (issues 5 and 19): the time from opening the app signed in to the
// dashboard showing a server with 20 apps, in headless Chromium on loopback. Cold = a fresh browser
// context (empty HTTP cache, no session storage); warm = the same context opening the app again, in
// the same tab and in a new tab, and in new tabs of a persistent profile (see README.md). Then,
// warm, the in-app navigation from the dashboard to each remote page until its main content is on
// screen and the page takes input.
// Prints the median of several runs. Figures only.
//
// Needs the production build (`pnpm build`). Setup is real: the built server on SQLite, sign-in
// through the development identity provider, an organization, and a real agent paired with its
// code; the 20 apps are then written straight into the server's database (deploying 20 real
// Compose apps would measure Docker, not the dashboard). The remotes are the released ones of
// `pnpm build` (releases/, or BENCH_RELEASES_DIR), copied for the run.
//
//   node bench/dashboard-load/run.mjs
//   BENCH_RUNS=15 node bench/dashboard-load/run.mjs
//   BENCH_PARTS=warm,remote ...  only these figures (of cold, warm, cpu, remote)
//   HOST_DIST_DIR=/tmp/a BENCH_RELEASES_DIR=/tmp/a-releases ...  another build (see README.md)
//   BENCH_BASELINE=/tmp/base0 ...  beside a baseline checkout, run for run (see README.md)
//   BENCH_PARTS=cpu ...  the renderer's CPU time until ready, warm (see rendererCpuUntilReady)
//   BENCH_TRACE=1 ...    one cold load as the page timed it (navigation, paints, each request)
//   BENCH_PROFILE=1 ...  where a warm load's time goes (see profileWarmLoad)
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  CHROMIUM_ARGS,
  freePort,
  repoRoot as root,
  startTimelineTrace,
  waitForHealth,
} from '../lib/harness.mjs';

const requireFromBench = createRequire(path.join(root, 'bench', 'package.json'));
const { chromium } = requireFromBench('@playwright/test');
const Database = createRequire(path.join(root, 'server', 'package.json'))('better-sqlite3');

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const APP_COUNT = 20;
/** BENCH_PARTS=cold,warm,remote (the default): which figures to take. */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'cold,warm,remote').split(','));
const RELEASES_DIR = path.resolve(process.env.BENCH_RELEASES_DIR ?? path.join(root, 'releases'));
/**
 * BENCH_BASELINE=/path/to/checkout: a built checkout (its host-shell/dist and releases/) measured
 * beside this build, run for run, each on a server of its own.
 */
const BASELINE = process.env.BENCH_BASELINE ? path.resolve(process.env.BENCH_BASELINE) : null;
/** Targets of issue 19, in ms. */
const TARGETS = { cold: 400, warmSameTab: 120, warmNewTab: 250, remotePage: 150 };
/** With a baseline, how long a thawed page is left before it is measured (see freezeAllBut). */
const SETTLE_MS = 300;
/** How long the dashboard stands before the user clicks through to a remote page. */
const DWELL_MS = 500;
/** The seeded apps' one file, so the app page's editor lists a file as it does for a real app. */
const COMPOSE_FILE = 'services:\n  web:\n    image: nginx:alpine\n    ports:\n      - "8080:80"\n';

/**
 * The remote pages, each reached from the dashboard as a user does (the sidebar link, or an app
 * tile), and what shows its main content: the catalog's cards, the app's header and its file in
 * the editor, the server's settings form, the organization's details form.
 */
const REMOTE_PAGES = [
  { name: 'catalog', link: 'a[href="#/catalog"]', ready: ['[data-testid="catalog-card"]'] },
  {
    name: 'app detail',
    link: '[data-testid="app-tile"]',
    ready: ['[data-testid="app-status"]', '[role="group"][aria-label="File #1"]'],
  },
  {
    name: 'settings',
    link: 'a[href="#/settings"]',
    ready: ['[data-testid="server-name"]', '[data-remote-build^="mfe-server-settings@"] form input'],
  },
  {
    name: 'organization',
    link: 'a[href="#/organization"]',
    ready: ['[data-remote-build^="mfe-organization@"] input'],
  },
];
function startAgent(base, stateDir) {
  const child = spawn(process.execPath, [path.join(root, 'agent', 'dist', 'main.js')], {
    env: {
      ...process.env,
      DOCKHAND_SERVER_URL: base,
      DOCKHAND_STATE_DIR: stateDir,
      DOCKHAND_PROJECT_PREFIX: 'benchdash',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const code = new Promise((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`no pairing code:\n${log}`)), 30_000);
    const onData = (chunk) => {
      log += chunk;
      const match = /Pairing code: ([A-Z0-9]{6})/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
  return { child, code };
}

/** POSTs as the signed-in page does (bearer header from the access_token cookie). */
async function apiPost(page, url, body) {
  return page.evaluate(
    async ({ url: target, body: payload }) => {
      const token = globalThis.document.cookie
        .split('; ')
        .find((part) => part.startsWith('access_token='))
        ?.slice('access_token='.length);
      const response = await fetch(target, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${decodeURIComponent(token ?? '')}`,
        },
        body: JSON.stringify(payload),
      });
      const json = await response.json();
      if (!json.success) throw new Error(`${target}: ${json.message}`);
      return json.data;
    },
    { url, body },
  );
}

function seedApps(dataDir, agentId) {
  const db = new Database(path.join(dataDir, 'dockhand.db'));
  const insert = db.prepare(
    `INSERT INTO apps (id, agent_id, name, project, description, version, template_id, extension, icon, color, extension_values, status, created_at, updated_at)
     VALUES (@id, @agent_id, @name, @project, NULL, NULL, NULL, NULL, 'box', @color, '[]', 1, @now, @now)`,
  );
  const insertFile = db.prepare(
    `INSERT INTO app_files (id, app_id, filename, content, is_encrypted, type, position)
     VALUES (@id, @app_id, 'docker-compose.yml', @content, 0, 'user', 0)`,
  );
  const colours = ['#3182CE', '#38A169', '#D69E2E', '#E53E3E', '#805AD5'];
  const now = Date.now();
  db.transaction(() => {
    for (let index = 0; index < APP_COUNT; index += 1) {
      const id = randomUUID();
      insert.run({
        id,
        agent_id: agentId,
        name: `bench-app-${index + 1}`,
        project: `bench-app-${index + 1}`,
        color: colours[index % colours.length],
        now,
      });
      insertFile.run({ id: randomUUID(), app_id: id, content: COMPOSE_FILE });
    }
  })();
  db.close();
}

/** The user timing mark of READY_PROBE, for traces. */
const READY_MARK = 'dockhand-dashboard-ready';
/**
 * Records performance.now() (ms since navigation start) when the server card and 20 tiles are on
 * screen, and marks that moment (READY_MARK).
 */
const READY_PROBE = `
  (() => {
    const check = () => {
      if (window.__dashboardReadyAt) return;
      const tiles = document.querySelectorAll('[data-testid="app-tile"]').length;
      if (tiles >= ${APP_COUNT} && document.querySelector('[data-testid="server-card"]')) {
        window.__dashboardReadyAt = performance.now();
        performance.mark('${READY_MARK}');
      }
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  })();
`;

/**
 * `__timeNavigation(link, ready)` clicks the first element matching `link` and resolves, in ms
 * from the click, when every `ready` selector matches (visible) and when the next task after the
 * following frame runs (interactive: the content is painted and the main thread takes input).
 */
const NAVIGATION_PROBE = `
  window.__timeNavigation = (linkSelector, readySelectors) => new Promise((resolve, reject) => {
    const link = document.querySelector(linkSelector);
    if (!link) return reject(new Error('nothing matches ' + linkSelector));
    const isReady = () => readySelectors.every((selector) => document.querySelector(selector));
    let start;
    const observer = new MutationObserver(() => {
      if (!isReady()) return;
      observer.disconnect();
      const visible = performance.now() - start;
      requestAnimationFrame(() =>
        setTimeout(() => resolve({ visible, interactive: performance.now() - start })),
      );
    });
    observer.observe(document.body, { childList: true, subtree: true });
    start = performance.now();
    link.click();
  });
`;

async function readyAt(page) {
  await page.waitForFunction(() => globalThis.__dashboardReadyAt !== undefined, null, { timeout: 30_000 });
  return page.evaluate(() => globalThis.__dashboardReadyAt);
}

async function timeDashboard(page, base) {
  await page.goto(`${base}/#/`);
  return readyAt(page);
}

async function reloadDashboard(page) {
  // The dashboard's URL first: a reload keeps the hash route a remote page run left. The entry's
  // state stays (the router's index in it), as it does when a user reloads.
  await page.evaluate(() => {
    if (globalThis.location.hash !== '#/')
      globalThis.history.replaceState(globalThis.history.state, '', '#/');
  });
  await page.reload();
  return readyAt(page);
}

/** A warm reload of the dashboard, a user's look at it, then the click through to `target`. */
async function timeRemotePage(page, target) {
  await reloadDashboard(page);
  await page.waitForTimeout(DWELL_MS);
  return page.evaluate(
    ({ link, ready }) =>
      Promise.race([
        globalThis.__timeNavigation(link, ready),
        new Promise((_resolve, reject) =>
          setTimeout(() => reject(new Error(`not on screen after 30 s: ${ready.join(', ')}`)), 30_000),
        ),
      ]),
    target,
  );
}

/**
 * BENCH_PROFILE=1: one more warm reload (with BENCH_PROFILE_PAGE=catalog, 'app detail'...: one
 * more warm navigation to that remote page) under a Chromium trace, summarised as its requests,
 * main-thread self time per activity and the script evaluation per URL; BENCH_PROFILE=tasks also
 * lists every task over 3 ms. Then a sampling profile of another one gives JavaScript self time per
 * function and per script (BENCH_PROFILE_OUT=file keeps it, e.g. to map onto a `--env sourcemaps`
 * build).
 */
async function profileWarmLoad(context, page, base) {
  const target = process.env.BENCH_PROFILE_PAGE
    ? REMOTE_PAGES.find((candidate) => candidate.name === process.env.BENCH_PROFILE_PAGE)
    : null;
  if (process.env.BENCH_PROFILE_PAGE && !target)
    throw new Error(`BENCH_PROFILE_PAGE: one of ${REMOTE_PAGES.map(({ name }) => name).join(', ')}`);
  const prepare = async () => {
    if (!target) return;
    await reloadDashboard(page);
    await page.waitForTimeout(DWELL_MS);
  };
  const measure = async () => {
    if (!target) return reloadDashboard(page);
    const timed = await page.evaluate(({ link, ready }) => globalThis.__timeNavigation(link, ready), target);
    return timed.interactive;
  };
  const cdp = await context.newCDPSession(page);
  await prepare();
  const started = Date.now();
  const requests = [];
  const onRequest = (request) =>
    requests.push(`+${Date.now() - started}ms -> ${request.url().replace(base, '')}`);
  const onFinished = (request) =>
    requests.push(`+${Date.now() - started}ms <- ${request.url().replace(base, '')}`);
  page.on('request', onRequest);
  page.on('requestfinished', onFinished);
  const endTrace = await startTimelineTrace(cdp);
  const readyAt = await measure();
  const events = await endTrace();
  page.off('request', onRequest);
  page.off('requestfinished', onFinished);
  const renderer = events.find(
    (event) =>
      event.name === 'thread_name' &&
      event.args?.name === 'CrRendererMain' &&
      events.some((other) => other.pid === event.pid && other.name === 'EvaluateScript'),
  );
  const own = events.filter(
    (event) => event.pid === renderer.pid && event.tid === renderer.tid && event.ph === 'X' && event.dur,
  );
  const start = Math.min(...own.map((event) => event.ts));
  const top = (map, count) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, ms]) => `    ${ms.toFixed(1).padStart(7)} ms  ${key}`)
      .join('\n');
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);

  // Self time (duration minus nested events), which adds up to the busy time of the thread.
  const selfByName = new Map();
  const byScript = new Map();
  const open = [];
  for (const event of [...own].sort((a, b) => a.ts - b.ts || b.dur - a.dur)) {
    while (open.length && open.at(-1).ts + open.at(-1).dur <= event.ts) open.pop();
    if (open.length) add(selfByName, open.at(-1).name, -event.dur / 1000);
    add(selfByName, event.name, event.dur / 1000);
    open.push(event);
    const url = event.args?.data?.url;
    if (event.name === 'EvaluateScript' && url) add(byScript, url.replace(base, ''), event.dur / 1000);
  }
  console.log(
    `profile of one warm ${target ? `navigation to ${target.name}` : 'reload'} (ready at ${readyAt.toFixed(0)} ms)`,
  );
  console.log('  requests (sent ->, finished <-):');
  for (const line of requests) console.log(`    ${line}`);
  console.log('  main-thread self time by activity:');
  console.log(top(selfByName, 15));
  console.log('  script evaluation by URL (a chunk that completes a load runs the code waiting for it):');
  console.log(top(byScript, 10));
  if (process.env.BENCH_PROFILE === 'tasks') {
    console.log('  tasks over 3 ms (start, duration (thread CPU time), first script work inside):');
    for (const task of own.filter((event) => event.name === 'RunTask' && event.dur > 3000)) {
      const inner = own.find(
        (event) =>
          event.ts >= task.ts &&
          event.ts < task.ts + task.dur &&
          [
            'EvaluateScript',
            'FunctionCall',
            'ParseHTML',
            'Layout',
            'UpdateLayoutTree',
            'FireAnimationFrame',
          ].includes(event.name),
      );
      const at = ((task.ts - start) / 1000).toFixed(0).padStart(5);
      const url = (inner?.args?.data?.url ?? '').replace(base, '');
      // tdur: the thread's CPU time in the task, steadier than its wall time on a shared machine.
      const cpu = task.tdur === undefined ? '' : ` (cpu ${(task.tdur / 1000).toFixed(1)})`;
      console.log(
        `    +${at} ms ${(task.dur / 1000).toFixed(1).padStart(6)} ms${cpu}  ${inner?.name ?? ''} ${url}`,
      );
    }
  }

  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await prepare();
  await cdp.send('Profiler.start');
  await measure();
  const { profile } = await cdp.send('Profiler.stop');
  if (process.env.BENCH_PROFILE_OUT) fs.writeFileSync(process.env.BENCH_PROFILE_OUT, JSON.stringify(profile));
  const byFunction = new Map();
  const byUrl = new Map();
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  profile.samples.forEach((id, index) => {
    const { functionName, url, lineNumber, columnNumber } = nodes.get(id).callFrame;
    if (functionName === '(idle)') return;
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    const file = url.replace(base, '') || '(native)';
    add(byFunction, `${functionName || '(anonymous)'} ${file}:${lineNumber}:${columnNumber}`, ms);
    add(byUrl, file, ms);
  });
  console.log('  JavaScript self time by function:');
  console.log(top(byFunction, 15));
  console.log('  JavaScript self time by script:');
  console.log(top(byUrl, 10));
}

/**
 * Warm new tabs in a persistent browser profile, as a user's browser is. The contexts above are
 * incognito ones, which keep no V8 code cache, so each of their new tabs compiles every script
 * afresh; a profile on disk gives a script its code cache from its second load on.
 */
async function openProfile({ storageState, base, workDir }) {
  const profile = await chromium.launchPersistentContext(fs.mkdtempSync(path.join(workDir, 'profile-')), {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  await profile.addCookies(storageState.cookies);
  await profile.addInitScript(READY_PROBE);
  const first = profile.pages()[0] ?? (await profile.newPage());
  await first.goto(`${base}/#/login`);
  const stored = storageState.origins.find(({ origin }) => origin === base)?.localStorage ?? [];
  await first.evaluate((items) => {
    for (const { name, value } of items) globalThis.localStorage.setItem(name, value);
  }, stored);
  // Two loads first: Chromium writes a script's code cache when it is loaded again.
  for (let load = 0; load < 2; load += 1) await timeNewTabInProfile({ profile, base });
  return profile;
}

async function timeNewTabInProfile({ profile, base }) {
  const tab = await profile.newPage();
  const readyMs = await timeDashboard(tab, base);
  await tab.close();
  return readyMs;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * One dashboard to measure: the built server on SQLite serving `hostDistDir` and a copy of
 * `releasesDir`, a user signed in through the development identity provider, an organization, a
 * real agent paired with its code, and the 20 apps. `storageState` is the user's session.
 */
async function setUpDashboard(browser, { label, hostDistDir, releasesDir }) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dockhand-bench-dashboard-'));
  const dataDir = path.join(workDir, 'data');
  if (!fs.existsSync(path.join(releasesDir, 'remotes.json')))
    throw new Error(
      `${releasesDir}/remotes.json is missing: run pnpm build first (or set BENCH_RELEASES_DIR)`,
    );
  fs.cpSync(releasesDir, path.join(workDir, 'releases'), { recursive: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(root, 'server', 'dist', 'main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      HOST_DIST_DIR: hostDistDir,
      RELEASES_DIR: path.join(workDir, 'releases'),
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let agent;
  const stop = async () => {
    agent?.child.kill('SIGTERM');
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    fs.rmSync(workDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base, server);
    const setupContext = await browser.newContext();
    const page = await setupContext.newPage();
    await page.goto(`${base}/auth/google/login?redirect=/`);
    await page.getByLabel('Name').fill('Bench User');
    await page.getByLabel('Email').fill('bench.dashboard@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/dev-idp') && !url.pathname.startsWith('/auth'));
    const organization = await apiPost(page, '/api/v1/organization/create-organization', {
      name: 'Bench Org',
    });
    agent = startAgent(base, path.join(workDir, 'agent-state'));
    const registered = await apiPost(page, '/api/v1/agents/register-agent', {
      code: await agent.code,
      organization_id: organization.id,
    });
    seedApps(dataDir, registered.agent.id);
    const storageState = await setupContext.storageState();
    await setupContext.close();
    return { label, base, storageState, workDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Renderer main-thread CPU time from navigation start until the dashboard was ready, from a
 * Chromium trace of one load: the page's own work, steadier than wall time on a shared machine
 * (the trace slows the load, so its wall time is not a figure).
 */
async function rendererCpuUntilReady(cdp, load) {
  const endTrace = await startTimelineTrace(cdp, 'blink.user_timing');
  await load();
  const events = await endTrace();
  const ready = events.filter((event) => event.name === READY_MARK).sort((a, b) => b.ts - a.ts)[0];
  const main = events.find(
    (event) =>
      event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && event.pid === ready.pid,
  );
  const navigationStart = events
    .filter((event) => event.name === 'navigationStart' && event.pid === ready.pid && event.ts < ready.ts)
    .sort((a, b) => b.ts - a.ts)[0];
  let cpuMs = 0;
  for (const event of events) {
    if (event.pid !== main.pid || event.tid !== main.tid || event.name !== 'RunTask' || !event.tdur) continue;
    if (event.ts < (navigationStart?.ts ?? 0) || event.ts >= ready.ts) continue;
    // A task that ends after the ready mark counts up to it, in proportion.
    cpuMs += Math.min(event.tdur, ((ready.ts - event.ts) * event.tdur) / event.dur) / 1000;
  }
  return cpuMs;
}

/**
 * Runs `measure(dashboard, run)` RUNS times for each dashboard, interleaved (this build, the
 * baseline, then the baseline first on the next run), so both see the machine's same moments.
 */
async function interleaved(dashboards, measure) {
  const values = dashboards.map(() => []);
  for (let run = 0; run < RUNS; run += 1) {
    const order = run % 2 ? [...dashboards.keys()].reverse() : [...dashboards.keys()];
    for (const index of order) {
      await freezeAllBut(dashboards, index);
      // A moment for what the thawed page had pending (its polls), so it is idle when measured.
      if (dashboards.length > 1) await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      values[index].push(await measure(dashboards[index], run));
    }
  }
  await freezeAllBut(dashboards, null);
  return values;
}

/**
 * With a baseline, the other dashboard's open warm page is frozen while one is measured (as
 * Chromium freezes a background tab): its status polls and timers would otherwise run beside the
 * measured load. `index` null thaws them all.
 */
async function freezeAllBut(dashboards, index) {
  for (const [other, { lifecycle }] of dashboards.entries()) {
    if (!lifecycle) continue;
    await lifecycle.send('Page.setWebLifecycleState', {
      state: other === index || index === null ? 'active' : 'frozen',
    });
  }
}

const format = (values) => values.map((value) => value.toFixed(0)).join(', ');

/** One figure: its median and runs for this build, and beside it the baseline's and the ratio. */
function printFigure(label, [mine, baseline], unit = 'ms') {
  let line = `  ${label.padEnd(20)}median ${median(mine).toFixed(0)} ${unit}  [${format(mine)}]`;
  if (baseline) {
    const ratios = mine.map((value, run) => value / baseline[run]);
    line += `\n  ${''.padEnd(20)}baseline ${median(baseline).toFixed(0)} ${unit}  [${format(baseline)}]  ratio ${(median(mine) / median(baseline)).toFixed(2)} (median of run pairs ${median(ratios).toFixed(2)})`;
  }
  console.log(line);
}

/** A warm context of `dashboard`: its caches filled by a first load and a reload. */
async function openWarm(browser, dashboard) {
  const context = await browser.newContext({ storageState: dashboard.storageState });
  await context.addInitScript(READY_PROBE);
  await context.addInitScript(NAVIGATION_PROBE);
  const page = await context.newPage();
  await timeDashboard(page, dashboard.base);
  await reloadDashboard(page);
  return { context, page };
}

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const dashboards = [];
  try {
    dashboards.push(
      await setUpDashboard(browser, {
        label: 'this build',
        hostDistDir: path.resolve(process.env.HOST_DIST_DIR ?? path.join(root, 'host-shell', 'dist')),
        releasesDir: RELEASES_DIR,
      }),
    );
    if (BASELINE) {
      dashboards.push(
        await setUpDashboard(browser, {
          label: 'baseline',
          hostDistDir: path.join(BASELINE, 'host-shell', 'dist'),
          releasesDir: path.join(BASELINE, 'releases'),
        }),
      );
    }
    const [mine] = dashboards;

    // BENCH_TRACE: one cold load as the page's own timing saw it (navigation and resource
    // timing, ms from navigation start), and when the dashboard was ready.
    if (process.env.BENCH_TRACE) {
      const context = await browser.newContext({ storageState: mine.storageState });
      await context.addInitScript(READY_PROBE);
      const tracePage = await context.newPage();
      const ready = await timeDashboard(tracePage, mine.base);
      const timing = await tracePage.evaluate(() => {
        const [navigation] = performance.getEntriesByType('navigation');
        const paints = performance.getEntriesByType('paint').map((entry) => [entry.name, entry.startTime]);
        const resources = performance
          .getEntriesByType('resource')
          .map((entry) => [
            new URL(entry.name).pathname + new URL(entry.name).search,
            entry.startTime,
            entry.responseStart,
            entry.responseEnd,
          ]);
        const marks = [
          'requestStart',
          'responseStart',
          'responseEnd',
          'domInteractive',
          'domContentLoadedEventEnd',
          'loadEventEnd',
        ];
        return { navigation: marks.map((mark) => [mark, navigation[mark]]), paints, resources };
      });
      for (const [mark, at] of timing.navigation)
        console.log(`  ${at.toFixed(0).padStart(5)} ms  page ${mark}`);
      for (const [name, at] of timing.paints) console.log(`  ${at.toFixed(0).padStart(5)} ms  ${name}`);
      for (const [name, start, first, end] of timing.resources) {
        console.log(
          `  ${start.toFixed(0).padStart(5)} ms  ${name}: first byte +${(first - start).toFixed(0)}, done ${end.toFixed(0)}`,
        );
      }
      console.log(`  ${ready.toFixed(0).padStart(5)} ms  ready (server card and ${APP_COUNT} tiles)`);
      await context.close();
    }

    console.log(
      `dashboard load (server with ${APP_COUNT} apps, headless Chromium, loopback, ${RUNS} runs${
        BASELINE ? `, interleaved with the baseline ${BASELINE}` : ''
      })`,
    );
    if (PARTS.has('cold')) {
      const cold = await interleaved(dashboards, async ({ storageState, base }) => {
        const context = await browser.newContext({ storageState });
        await context.addInitScript(READY_PROBE);
        const readyMs = await timeDashboard(await context.newPage(), base);
        await context.close();
        return readyMs;
      });
      printFigure('cold (new context):', cold);
    }

    // Warm: one context per dashboard (its HTTP cache and V8 code cache filled by a first load),
    // opening the app again in the same tab (a reload) and in new tabs. Chromium starts a new
    // renderer process for a new tab, so that figure adds a process start and a V8 heap without
    // compiled code.
    const warm = [];
    for (const dashboard of dashboards) {
      const opened = await openWarm(browser, dashboard);
      const lifecycle = dashboards.length > 1 ? await opened.context.newCDPSession(opened.page) : null;
      warm.push({ ...dashboard, ...opened, lifecycle });
    }
    if (PARTS.has('warm')) {
      printFigure('warm, same tab:', await interleaved(warm, ({ page }) => reloadDashboard(page)));
      const newTab = await interleaved(warm, async ({ context, base }) => {
        const tab = await context.newPage();
        const readyMs = await timeDashboard(tab, base);
        await tab.close();
        return readyMs;
      });
      printFigure('warm, new tab:', newTab);
      const profiles = [];
      try {
        for (const dashboard of warm)
          profiles.push({ base: dashboard.base, profile: await openProfile(dashboard) });
        printFigure('  ... user profile:', await interleaved(profiles, timeNewTabInProfile));
      } finally {
        for (const { profile } of profiles) await profile.close();
      }
    }
    console.log(
      `  targets: cold <= ${TARGETS.cold} ms, warm same tab <= ${TARGETS.warmSameTab} ms, warm new tab <= ${TARGETS.warmNewTab} ms`,
    );
    // BENCH_PARTS=cpu: the renderer's CPU until ready, warm, from a trace of each load.
    if (PARTS.has('cpu')) {
      for (const dashboard of warm)
        dashboard.cdp = dashboard.lifecycle ?? (await dashboard.context.newCDPSession(dashboard.page));
      const sameTab = await interleaved(warm, ({ cdp, page }) =>
        rendererCpuUntilReady(cdp, () => reloadDashboard(page)),
      );
      printFigure('CPU, warm same tab:', sameTab);
      const newTab = await interleaved(warm, async ({ context, base }) => {
        const tab = await context.newPage();
        const cpuMs = await rendererCpuUntilReady(await context.newCDPSession(tab), () =>
          timeDashboard(tab, base),
        );
        await tab.close();
        return cpuMs;
      });
      printFigure('CPU, warm new tab:', newTab);
      console.log('  (renderer main-thread CPU from navigation start to ready)');
    }
    if (PARTS.has('remote')) {
      // Each page opened twice first (HTTP and code caches), then per run a reload of the
      // dashboard, so every measured navigation is the first to its remote in that document.
      for (const { page } of warm)
        for (const target of [...REMOTE_PAGES, ...REMOTE_PAGES]) await timeRemotePage(page, target);
      const timed = await interleaved(warm, async ({ page }) => {
        const run = [];
        for (const target of REMOTE_PAGES) run.push(await timeRemotePage(page, target));
        return run;
      });
      console.log(
        `remote pages, warm: click on the dashboard (after ${DWELL_MS} ms on it) to main content on screen and taking input`,
      );
      REMOTE_PAGES.forEach(({ name }, index) => {
        printFigure(
          `${name}:`,
          timed.map((runs) => runs.map((run) => run[index].interactive)),
        );
        console.log(
          `  ${''.padEnd(20)}(on screen ${median(timed[0].map((run) => run[index].visible)).toFixed(0)} ms)`,
        );
      });
      console.log(`  target: each <= ${TARGETS.remotePage} ms`);
    }
    // BENCH_SCREENSHOT=file.png: what was measured, as the last warm load left it.
    if (process.env.BENCH_SCREENSHOT) await warm[0].page.screenshot({ path: process.env.BENCH_SCREENSHOT });
    if (process.env.BENCH_PROFILE) await profileWarmLoad(warm[0].context, warm[0].page, mine.base);
    for (const { context } of warm) await context.close();

    console.log(
      `  machine: ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await browser.close();
    for (const dashboard of dashboards) await dashboard.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
