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
//   BENCH_PARTS=warm,remote ...  only these figures (of cold, warm, remote)
//   HOST_DIST_DIR=/tmp/a BENCH_RELEASES_DIR=/tmp/a-releases ...  another build (see README.md)
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
/** Targets of issue 19, in ms. */
const TARGETS = { cold: 400, warmSameTab: 120, warmNewTab: 250, remotePage: 150 };
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

/** Records performance.now() (ms since navigation start) when the server card and 20 tiles are on screen. */
const READY_PROBE = `
  (() => {
    const check = () => {
      if (window.__dashboardReadyAt) return;
      const tiles = document.querySelectorAll('[data-testid="app-tile"]').length;
      if (tiles >= ${APP_COUNT} && document.querySelector('[data-testid="server-card"]')) window.__dashboardReadyAt = performance.now();
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
  // The dashboard's URL first: a reload keeps the hash route a remote page run left.
  await page.evaluate(() => globalThis.history.replaceState(null, '', '#/'));
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
async function timeNewTabsInProfile(storageState, base, workDir) {
  const profile = await chromium.launchPersistentContext(fs.mkdtempSync(path.join(workDir, 'profile-')), {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    await profile.addCookies(storageState.cookies);
    await profile.addInitScript(READY_PROBE);
    const first = profile.pages()[0] ?? (await profile.newPage());
    await first.goto(`${base}/#/login`);
    const stored = storageState.origins.find(({ origin }) => origin === base)?.localStorage ?? [];
    await first.evaluate((items) => {
      for (const { name, value } of items) globalThis.localStorage.setItem(name, value);
    }, stored);
    const times = [];
    // Two loads first: Chromium writes a script's code cache when it is loaded again.
    for (let run = -2; run < RUNS; run += 1) {
      const tab = await profile.newPage();
      const readyMs = await timeDashboard(tab, base);
      if (run >= 0) times.push(readyMs);
      await tab.close();
    }
    return times;
  } finally {
    await profile.close();
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function main() {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dockhand-bench-dashboard-'));
  const dataDir = path.join(workDir, 'data');
  const releasesDir = path.join(workDir, 'releases');
  if (!fs.existsSync(path.join(RELEASES_DIR, 'remotes.json')))
    throw new Error(
      `${RELEASES_DIR}/remotes.json is missing: run pnpm build first (or set BENCH_RELEASES_DIR)`,
    );
  fs.cpSync(RELEASES_DIR, releasesDir, { recursive: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(root, 'server', 'dist', 'main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      RELEASES_DIR: releasesDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let agent;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
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

    // BENCH_TRACE: one cold load as the page's own timing saw it (navigation and resource
    // timing, ms from navigation start), and when the dashboard was ready.
    if (process.env.BENCH_TRACE) {
      const context = await browser.newContext({ storageState });
      await context.addInitScript(READY_PROBE);
      const tracePage = await context.newPage();
      const ready = await timeDashboard(tracePage, base);
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

    const format = (values) => values.map((value) => value.toFixed(0)).join(', ');
    const figure = (label, values) =>
      console.log(`  ${label.padEnd(20)}median ${median(values).toFixed(0)} ms  [${format(values)}]`);
    console.log(`dashboard load (server with ${APP_COUNT} apps, headless Chromium, loopback, ${RUNS} runs)`);
    if (PARTS.has('cold')) {
      const cold = [];
      for (let run = 0; run < RUNS; run += 1) {
        const context = await browser.newContext({ storageState });
        await context.addInitScript(READY_PROBE);
        cold.push(await timeDashboard(await context.newPage(), base));
        await context.close();
      }
      figure('cold (new context):', cold);
    }

    // Warm: one context (its HTTP cache and V8 code cache filled by a first load), opening the
    // app again in the same tab (a reload) and in new tabs. Chromium starts a new renderer process
    // for a new tab, so that figure adds a process start and a V8 heap without compiled code.
    const warmContext = await browser.newContext({ storageState });
    await warmContext.addInitScript(READY_PROBE);
    await warmContext.addInitScript(NAVIGATION_PROBE);
    const warmPage = await warmContext.newPage();
    await timeDashboard(warmPage, base);
    await reloadDashboard(warmPage);
    if (PARTS.has('warm')) {
      const warm = [];
      for (let run = 0; run < RUNS; run += 1) warm.push(await reloadDashboard(warmPage));
      figure('warm, same tab:', warm);
      const warmNewTab = [];
      for (let run = 0; run < RUNS; run += 1) {
        const tab = await warmContext.newPage();
        warmNewTab.push(await timeDashboard(tab, base));
        await tab.close();
      }
      figure('warm, new tab:', warmNewTab);
      figure('  ... user profile:', await timeNewTabsInProfile(storageState, base, workDir));
    }
    console.log(
      `  targets: cold <= ${TARGETS.cold} ms, warm same tab <= ${TARGETS.warmSameTab} ms, warm new tab <= ${TARGETS.warmNewTab} ms`,
    );
    if (PARTS.has('remote')) {
      // Each page opened twice first (HTTP and code caches), then per run a reload of the
      // dashboard, so every measured navigation is the first to its remote in that document.
      for (const target of [...REMOTE_PAGES, ...REMOTE_PAGES]) await timeRemotePage(warmPage, target);
      const remotePages = REMOTE_PAGES.map((target) => ({ ...target, visible: [], interactive: [] }));
      for (let run = 0; run < RUNS; run += 1) {
        for (const target of remotePages) {
          const { visible, interactive } = await timeRemotePage(warmPage, target);
          target.visible.push(visible);
          target.interactive.push(interactive);
        }
      }
      console.log(
        `remote pages, warm: click on the dashboard (after ${DWELL_MS} ms on it) to main content on screen and taking input`,
      );
      for (const { name, visible, interactive } of remotePages) {
        console.log(
          `  ${`${name}:`.padEnd(20)}median ${median(interactive).toFixed(0)} ms  [${format(interactive)}]  (on screen ${median(visible).toFixed(0)} ms)`,
        );
      }
      console.log(`  target: each <= ${TARGETS.remotePage} ms`);
    }
    // BENCH_SCREENSHOT=file.png: what was measured, as the last warm load left it.
    if (process.env.BENCH_SCREENSHOT) await warmPage.screenshot({ path: process.env.BENCH_SCREENSHOT });
    if (process.env.BENCH_PROFILE) await profileWarmLoad(warmContext, warmPage, base);
    await warmContext.close();

    console.log(
      `  machine: ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await browser.close();
    agent?.child.kill('SIGTERM');
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
