// Bundle-size benchmark of the dashboard: the gzip JavaScript of the login route, of a signed-in
// dashboard, of each remote's entry and of each remote page, measured in Chromium against the
// real server, beside the budgets of budgets.ts; and the cold production build time.
//   pnpm --filter bench bundle-size [--skip-build] [--check] [--files]
// --check measures the existing production build (`pnpm build`) and exits non-zero naming each row
// over its budget and its files, largest first: the size test of scripts/test.sh. --files lists
// every row's files.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, repoRoot } from '../lib/harness.mjs';
import { BUDGET, fileLines, fits, kb, overBudgetReport } from './budgets.js';
import { measureRows } from './measure.js';

const BUNDLES = ['host-shell', 'mfe-catalog', 'mfe-apps', 'mfe-server-settings', 'mfe-organization'];
const check = process.argv.includes('--check');
const skipBuild = check || process.argv.includes('--skip-build');
const listFiles = process.argv.includes('--files');

interface BuildTiming {
  wallMs: number;
  /** CPU seconds of all build processes (user + system), when /usr/bin/time is there. */
  cpuSeconds: number | null;
}

/** Removes the five dist folders and builds them again (pnpm runs them in parallel). */
function coldBuild(): BuildTiming {
  for (const bundle of BUNDLES) rmSync(path.join(repoRoot, bundle, 'dist'), { recursive: true, force: true });
  const filters = BUNDLES.flatMap((bundle) => ['--filter', `./${bundle}`]);
  const command = ['pnpm', '-r', ...filters, 'run', 'build'];
  const timed = existsSync('/usr/bin/time');
  const started = Date.now();
  const options = { cwd: repoRoot, encoding: 'utf8' as const, stdio: ['ignore', 'ignore', 'pipe'] as const };
  const result = timed
    ? spawnSync('/usr/bin/time', ['-f', 'cpu %U %S', ...command], { ...options, stdio: [...options.stdio] })
    : spawnSync(command[0]!, command.slice(1), { ...options, stdio: [...options.stdio] });
  const wallMs = Date.now() - started;
  if (result.status !== 0) throw new Error(`production build failed:\n${result.stderr}`);
  const cpu = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(result.stderr ?? '');
  return { wallMs, cpuSeconds: cpu ? Number(cpu[1]) + Number(cpu[2]) : null };
}

async function startServer(port: number): Promise<{ server: ChildProcess; stop: () => void }> {
  const runDir = mkdtempSync(path.join(tmpdir(), 'dockhand-bench-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: path.join(runDir, 'data'),
    RELEASES_DIR: path.join(runDir, 'releases'),
    LOG_LEVEL: 'error',
  };
  const published = spawnSync(process.execPath, ['scripts/release.mjs', '--initial'], {
    cwd: repoRoot,
    env,
    stdio: 'ignore',
  });
  if (published.status !== 0) throw new Error('publishing the built remotes failed (run pnpm build first)');
  const server = spawn(process.execPath, ['server/dist/main.js'], { cwd: repoRoot, env, stdio: 'ignore' });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const healthy = await fetch(`http://127.0.0.1:${port}/healthz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy)
      return { server, stop: () => (server.kill(), rmSync(runDir, { recursive: true, force: true })) };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill();
  throw new Error('the server did not start');
}

async function main() {
  let ok = true;
  if (!skipBuild) {
    const load = loadavg()[0]!.toFixed(1);
    const { wallMs, cpuSeconds } = coldBuild();
    ok &&= wallMs <= BUDGET.coldBuildMs;
    console.log(
      `cold production build of ${BUNDLES.length} bundles: ${(wallMs / 1000).toFixed(1)} s on ${cpus().length} cores (load average ${load} before) — budget ${BUDGET.coldBuildMs / 1000} s`,
    );
    if (cpuSeconds !== null)
      console.log(`  CPU time of the builds: ${cpuSeconds.toFixed(1)} s (user + system)`);
  }
  const port = await freePort();
  const { stop } = await startServer(port);
  try {
    const rows = await measureRows(`http://127.0.0.1:${port}`);
    console.log(
      `\n${'figure (gzip JavaScript)'.padEnd(58)} ${'size'.padStart(9)} ${'budget'.padStart(9)} files`,
    );
    for (const row of rows) {
      console.log(
        `${row.figure.padEnd(58)} ${kb(row.bytes).padStart(9)} ${kb(row.budget).padStart(9)} ${String(row.files.size).padStart(5)}  ${fits(row) ? 'ok' : 'OVER BUDGET'}`,
      );
      if (listFiles) console.log(fileLines(row).join('\n'));
    }
    const report = overBudgetReport(rows);
    if (report.length > 0) console.log(`\n${report.join('\n')}`);
    ok &&= report.length === 0;
  } finally {
    stop();
  }
  process.exitCode = ok ? 0 : 1;
}

await main();
