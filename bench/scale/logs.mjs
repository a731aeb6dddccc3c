#!/usr/bin/env node
// The Logs tab following a busy app (issue 19): a real agent runs an app on the real Docker engine
// that writes 1,000 lines per second (a burst of 1,000 each second), and headless Chromium keeps
// its Logs tab open, following, for BENCH_SECONDS (default 60). Printed: the rate Docker saw, the
// main-thread tasks of 50 ms and more while following (each is a frame longer than 50 ms), the
// page's JavaScript heap after a garbage collection every 10 s (flat once the 2,000-line buffer is
// full), and the CPU the agent and the server used while the lines streamed. Figures only.
//
// Needs `pnpm build` (the dashboard, the server and the agent) and Docker (run it under
// `flock /tmp/docker.lock`).
//
//   node bench/scale/logs.mjs
//   BENCH_SECONDS=20 node bench/scale/logs.mjs
//   BENCH_PROFILE=1 ...  what the long tasks do (see profileFollowing); the figures then carry
//                        the tracing's own cost
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { cpuMs, loadAverage, startTimelineTrace, waitFor } from '../lib/harness.mjs';
import { startPairedDashboard } from '../lib/paired-dashboard.mjs';

const exec = promisify(execFile);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const LINES_PER_SECOND = 1000;
const prefix = `dhlogs${process.pid}`;
const image = `dockhand-bench-logs/busybox:${process.pid}`;
/** How long the host's interfaces take to settle after Docker changed them (IPv6 link-local addresses). */
const NETWORK_SETTLE_MS = 3000;
const PAGE_ATTEMPTS = 3;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A busybox image with the applets the writer needs (no image can be pulled here). */
async function buildImage(workDir) {
  const rootfs = path.join(workDir, 'rootfs');
  fs.mkdirSync(path.join(rootfs, 'bin'), { recursive: true });
  fs.copyFileSync('/bin/busybox', path.join(rootfs, 'bin', 'busybox'));
  for (const applet of ['sh', 'seq', 'sed', 'sleep', 'date'])
    fs.symlinkSync('busybox', path.join(rootfs, 'bin', applet));
  await exec('tar', ['-C', rootfs, '-cf', path.join(workDir, 'image.tar'), '.']);
  await exec('docker', ['import', '--change', 'ENV PATH=/bin', path.join(workDir, 'image.tar'), image]);
}

const COMPOSE = [
  'services:',
  '  writer:',
  `    image: ${image}`,
  // Lines of a realistic length: a counter, the second, and some text. One burst per second of
  // the wall clock, whatever the burst took (a 'sleep 1' after it wrote less on a busy machine).
  `    command: ["sh", "-c", "n=0; while :; do n=$$((n+1)); s=$$(date +%s); seq 1 ${LINES_PER_SECOND} | sed \\"s/^/second $$n line /;s/$$/ GET \\\\/api\\\\/v1\\\\/items 200 12ms/\\"; while [ $$(date +%s) = $$s ]; do sleep 0.05; done; done"]`,
  '    stop_grace_period: 1s',
  '',
].join('\n');

/** Records every main-thread task of 50 ms and more. */
const LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
`;

/** Main-thread tasks at least this long are listed by BENCH_PROFILE (below 50 ms: the near misses). */
const PROFILE_TASK_MS = 30;

/**
 * BENCH_PROFILE=1: a Chromium trace and a JavaScript sampling profile of the page while it follows.
 * The returned function stops both and prints each task of PROFILE_TASK_MS and more with its
 * main-thread self time by activity (script, style, layout, paint, GC...) and its JavaScript self
 * time by function, then the same summed over those tasks. BENCH_PROFILE_OUT=file keeps the
 * sampling profile (map its minified frames onto an `--env sourcemaps` build of mfe-apps).
 */
async function profileFollowing(cdp) {
  const endTrace = await startTimelineTrace(cdp);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');

  return async function report(base) {
    const { profile } = await cdp.send('Profiler.stop');
    const events = await endTrace();
    if (process.env.BENCH_PROFILE_OUT)
      fs.writeFileSync(process.env.BENCH_PROFILE_OUT, JSON.stringify(profile));
    const renderer = events.find(
      (event) =>
        event.name === 'thread_name' &&
        event.args?.name === 'CrRendererMain' &&
        events.some((other) => other.pid === event.pid && other.name === 'FunctionCall'),
    );
    const own = events
      .filter(
        (event) => event.pid === renderer.pid && event.tid === renderer.tid && event.ph === 'X' && event.dur,
      )
      .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
    const top = (map, count, indent) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, count)
        .map(([key, ms]) => `${indent}${ms.toFixed(1).padStart(6)} ms  ${key}`)
        .join('\n');

    // The profile's sample times and the trace's timestamps are both the browser's monotonic clock (µs).
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const samples = [];
    let at = profile.startTime;
    profile.samples.forEach((id, index) => {
      at += profile.timeDeltas[index] ?? 0;
      const { functionName, url, lineNumber, columnNumber } = nodes.get(id).callFrame;
      if (functionName === '(idle)' || functionName === '(program)') return;
      const file = url.replace(base, '') || '(native)';
      const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
      samples.push({
        at,
        ms,
        name: `${functionName || '(anonymous)'} ${file}:${lineNumber}:${columnNumber}`,
      });
    });

    const tasks = own.filter((event) => event.name === 'RunTask' && event.dur >= PROFILE_TASK_MS * 1000);
    const start = own[0]?.ts ?? 0;
    const allActivities = new Map();
    const allFunctions = new Map();
    console.log(
      `\nprofile: ${tasks.length} main-thread tasks of ${PROFILE_TASK_MS} ms and more while following`,
    );
    for (const task of tasks) {
      const end = task.ts + task.dur;
      // Self time: an event's duration minus the events nested in it.
      const activities = new Map();
      const open = [];
      for (const event of own) {
        if (event.ts < task.ts || event.ts >= end || event === task) continue;
        while (open.length && open.at(-1).ts + open.at(-1).dur <= event.ts) open.pop();
        if (open.length) add(activities, open.at(-1).name, -event.dur / 1000);
        add(activities, event.name, event.dur / 1000);
        open.push(event);
      }
      // What the task ran, in order: its direct parts of 2 ms and more.
      const parts = [];
      let partEnd = task.ts;
      for (const event of own) {
        if (event.ts < partEnd || event.ts >= end || event === task) continue;
        partEnd = event.ts + event.dur;
        if (event.dur < 2000) continue;
        const data = event.args?.data ?? {};
        const detail = data.functionName || data.type || '';
        const where = data.url
          ? ` ${data.url.replace(base, '')}:${data.lineNumber}:${data.columnNumber}`
          : '';
        parts.push(`${event.name}${detail ? ` ${detail}` : ''}${where} ${(event.dur / 1000).toFixed(1)}`);
      }
      const functions = new Map();
      for (const sample of samples)
        if (sample.at >= task.ts && sample.at < end) add(functions, sample.name, sample.ms);
      for (const [key, ms] of activities) add(allActivities, key, ms);
      for (const [key, ms] of functions) add(allFunctions, key, ms);
      console.log(`  +${((task.ts - start) / 1e6).toFixed(1)} s: ${(task.dur / 1000).toFixed(1)} ms`);
      console.log(`    parts: ${parts.join(' | ')}`);
      console.log(top(activities, 6, '      '));
      console.log('    JavaScript self time:');
      console.log(top(functions, 6, '      '));
    }
    console.log('  all those tasks, main-thread self time by activity:');
    console.log(top(allActivities, 12, '    '));
    console.log('  all those tasks, JavaScript self time by function:');
    console.log(top(allFunctions, 15, '    '));
  };
}

/** The ids of this run's containers (its Compose projects start with `prefix`), running or all. */
async function projectContainers({ running }) {
  const { stdout: ids } = await exec('docker', [
    'ps',
    ...(running ? [] : ['-a']),
    '-q',
    '--filter',
    'label=com.docker.compose.project',
  ]);
  const ours = [];
  for (const id of ids.split('\n').filter(Boolean)) {
    const { stdout: project } = await exec('docker', [
      'inspect',
      '--format',
      '{{index .Config.Labels "com.docker.compose.project"}}',
      id,
    ]);
    if (project.trim().startsWith(prefix)) ours.push(id);
  }
  return ours;
}

/** The app's output rate as Docker holds it: its container's lines between two instants (ms). */
async function linesPerSecond(from, to) {
  const [id] = await projectContainers({ running: true });
  if (!id) return 0;
  const window = ['--since', new Date(from).toISOString(), '--until', new Date(to).toISOString()];
  const { stdout } = await exec('docker', ['logs', ...window, id], { maxBuffer: 256 * 1024 * 1024 });
  return stdout.split('\n').filter(Boolean).length / ((to - from) / 1000);
}

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dockhand-bench-logs-'));
await buildImage(workDir);
const { server, agent, agentId, api, signedInContext, stop } = await startPairedDashboard(prefix);
try {
  const created = await api('POST', `/api/v1/apps/create-app?agent_id=${agentId}`, {
    config: {
      name: 'busy-logs',
      files: [{ id: 'compose', filename: 'compose.yml', is_encrypted: false, type: 'user' }],
      variables: [],
    },
    files: { compose: COMPOSE },
    variables: {},
  });

  // Docker creates the app's network and its container's interface while it deploys, and the
  // kernel gives them addresses a moment later; Chromium fails the requests in flight at such a
  // change (net::ERR_NETWORK_CHANGED: the page's script chunks). So the page opens once the app runs
  // and its interfaces had time to settle, and opens again if a request still failed that way.
  await waitFor(
    async () => (await projectContainers({ running: true })).length > 0,
    'the app running',
    60_000,
  );
  await sleep(NETWORK_SETTLE_MS);

  const context = await signedInContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  let failedRequests = [];
  page.on('requestfailed', (request) =>
    failedRequests.push(`${request.url().replace(server.base, '')}: ${request.failure()?.errorText}`),
  );
  await page.addInitScript(LONG_TASKS);
  const cdp = await context.newCDPSession(page);
  for (let attempt = 1; ; attempt += 1) {
    failedRequests = [];
    await page.goto(`${server.base}/#/app/${created.id}?tab=logs`);
    const shown = await page
      .getByTestId('log-panel')
      .getByText(/second \d+ line/)
      .first()
      .waitFor({ timeout: 30_000 })
      .then(() => true)
      .catch(() => false);
    if (shown) break;
    const networkChanged = failedRequests.some((failure) => failure.endsWith('net::ERR_NETWORK_CHANGED'));
    if (!networkChanged || attempt === PAGE_ATTEMPTS) {
      const text = await page.innerText('body').catch(() => '(no page)');
      throw new Error(
        `no log line on screen after ${attempt} page load(s); failed requests: ${failedRequests.join(', ') || 'none'}; page: ${text.slice(0, 600)}`,
      );
    }
    console.log(`page load ${attempt} lost requests to a network change (Docker), loading it again`);
    await sleep(NETWORK_SETTLE_MS);
  }
  // From here on the tab only follows: the page load's own tasks are not counted.
  await page.evaluate(() => (globalThis.__longTasks.length = 0));
  const profiled = process.env.BENCH_PROFILE ? await profileFollowing(cdp) : null;

  const heapMb = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return usedSize / 1024 / 1024;
  };
  const heap = [];
  const agentCpu = cpuMs(agent.pid);
  const serverCpu = cpuMs(server.child.pid);
  const started = Date.now();
  for (let second = 10; second <= SECONDS; second += 10) {
    await sleep(started + second * 1000 - Date.now());
    heap.push({ second, mb: await heapMb() });
  }
  const ended = Date.now();
  await profiled?.(server.base);
  const elapsed = (ended - started) / 1000;
  const agentShare = (cpuMs(agent.pid) - agentCpu) / 10 / elapsed;
  const serverShare = (cpuMs(server.child.pid) - serverCpu) / 10 / elapsed;
  const tasks = await page.evaluate(() => globalThis.__longTasks);
  const written = await linesPerSecond(started, ended);
  const shown = await page.evaluate(
    () => globalThis.document.body.innerText.match(/second \d+ line \d+/g)?.length ?? 0,
  );

  console.log(
    `\nLogs tab following an app writing ${LINES_PER_SECOND} lines/s for ${elapsed.toFixed(0)} s (headless Chromium)`,
  );
  console.log(
    `lines the app wrote, as Docker counts them: ${written.toFixed(0)} per second while the tab followed`,
  );
  console.log(
    `frames over 50 ms: ${tasks.length}` +
      (tasks.length ? ` (longest ${Math.max(...tasks).toFixed(0)} ms)` : '') +
      ' (every main-thread task of 50 ms and more while following)',
  );
  console.log(`JS heap after GC: ${heap.map((h) => `${h.second}s ${h.mb.toFixed(1)} MB`).join(', ')}`);
  const [first] = heap;
  const last = heap.at(-1);
  console.log(`heap growth from ${first.second}s to ${last.second}s: ${(last.mb - first.mb).toFixed(1)} MB`);
  console.log(`log lines rendered at the end: ${shown} (the list is virtualised; the buffer keeps 2,000)`);
  console.log(
    `CPU while streaming: agent ${agentShare.toFixed(1)} % of one core, server ${serverShare.toFixed(1)} %`,
  );
  console.log(`machine load average ${loadAverage()}`);
} finally {
  await stop();
  // What the app left: its containers and network, then the image.
  for (const id of await projectContainers({ running: false })) await exec('docker', ['rm', '-f', id]);
  const { stdout: networks } = await exec('docker', ['network', 'ls', '--format', '{{.Name}}']);
  for (const name of networks.split('\n').filter((n) => n.startsWith(prefix)))
    await exec('docker', ['network', 'rm', name]);
  await exec('docker', ['rmi', '-f', image]).catch(() => undefined);
  fs.rmSync(workDir, { recursive: true, force: true });
}
