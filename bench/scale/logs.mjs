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
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { cpuMs, loadAverage } from '../lib/harness.mjs';
import { startPairedDashboard } from '../lib/paired-dashboard.mjs';

const exec = promisify(execFile);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const LINES_PER_SECOND = 1000;
const prefix = `dhlogs${process.pid}`;
const image = `dockhand-bench-logs/busybox:${process.pid}`;
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

/** The app's output rate as Docker holds it: its container's lines between two instants (ms). */
async function linesPerSecond(from, to) {
  const { stdout: ids } = await exec('docker', ['ps', '-q', '--filter', `label=com.docker.compose.project`]);
  for (const id of ids.split('\n').filter(Boolean)) {
    const { stdout: project } = await exec('docker', [
      'inspect',
      '--format',
      '{{index .Config.Labels "com.docker.compose.project"}}',
      id,
    ]);
    if (!project.trim().startsWith(prefix)) continue;
    const window = ['--since', new Date(from).toISOString(), '--until', new Date(to).toISOString()];
    const { stdout } = await exec('docker', ['logs', ...window, id], { maxBuffer: 256 * 1024 * 1024 });
    return stdout.split('\n').filter(Boolean).length / ((to - from) / 1000);
  }
  return 0;
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

  const context = await signedInContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(LONG_TASKS);
  const cdp = await context.newCDPSession(page);
  await page.goto(`${server.base}/#/app/${created.id}?tab=logs`);
  await page
    .getByTestId('log-panel')
    .getByText(/second \d+ line/)
    .first()
    .waitFor({ timeout: 60_000 });
  // From here on the tab only follows: the page load's own tasks are not counted.
  await page.evaluate(() => (globalThis.__longTasks.length = 0));

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
  const { stdout } = await exec('docker', ['ps', '-aq', '--filter', `label=com.docker.compose.project`]);
  for (const id of stdout.split('\n').filter(Boolean)) {
    const { stdout: project } = await exec('docker', [
      'inspect',
      '--format',
      '{{index .Config.Labels "com.docker.compose.project"}}',
      id,
    ]);
    if (project.trim().startsWith(prefix)) await exec('docker', ['rm', '-f', id]);
  }
  const { stdout: networks } = await exec('docker', ['network', 'ls', '--format', '{{.Name}}']);
  for (const name of networks.split('\n').filter((n) => n.startsWith(prefix)))
    await exec('docker', ['network', 'rm', name]);
  await exec('docker', ['rmi', '-f', image]).catch(() => undefined);
  fs.rmSync(workDir, { recursive: true, force: true });
}
