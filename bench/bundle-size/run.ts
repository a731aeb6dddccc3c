// Bundle-size benchmark of the dashboard: cold production build time of the five bundles, gzip
// size of the JavaScript the host loads for its first (login) route, and per remote page the
// JavaScript loaded beyond the shared libraries, measured in Chromium against the real server.
//   pnpm --filter bench bundle-size [--skip-build]
import { chromium, type Page } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, freePort, repoRoot } from '../lib/harness.mjs';

const BUNDLES = ['host-shell', 'mfe-catalog', 'mfe-apps', 'mfe-server-settings', 'mfe-organization'];
const KB = 1024;
const BUDGET = { hostInitial: 250 * KB, remotePage: 30 * KB, coldBuildMs: 60_000 };
/** Route → remote whose page it shows (spec section 2). */
const REMOTE_ROUTES: [string, string][] = [
  ['/catalog', 'mfe-catalog'],
  ['/catalog/nginx', 'mfe-catalog'],
  ['/create-app', 'mfe-apps'],
  ['/app/bench-app', 'mfe-apps'],
  ['/settings', 'mfe-server-settings'],
  ['/organization', 'mfe-organization'],
];
const ROUTE_PAGES: Record<string, string> = {
  '/catalog': 'CatalogPage',
  '/catalog/nginx': 'CatalogItemPage',
  '/create-app': 'CreateAppPage',
  '/app/bench-app': 'AppDetailPage',
  '/settings': 'ServerSettingsPage',
  '/organization': 'OrganizationPage',
};

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER BUDGET');

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
  const result = timed
    ? spawnSync('/usr/bin/time', ['-f', 'cpu %U %S', ...command], {
        cwd: repoRoot,
        encoding: 'utf8',
        stdio: ['ignore', 'ignore', 'pipe'],
      })
    : spawnSync(command[0]!, command.slice(1), {
        cwd: repoRoot,
        encoding: 'utf8',
        stdio: ['ignore', 'ignore', 'pipe'],
      });
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

/** Records the gzip size of every JavaScript response of the page until `reset` is called. */
function recordScripts(page: Page) {
  let scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
  });
  return {
    take: () => {
      const taken = scripts;
      scripts = new Map();
      return taken;
    },
  };
}

/** The exposed page's synchronous chunks, from the running version's mf-manifest.json. */
async function exposedSyncFiles(page: Page, remote: string, route: string): Promise<Set<string>> {
  const version = await page.evaluate(
    (name) =>
      (window as unknown as { __DOCKHAND_REMOTES__?: Record<string, { version: string | null }> })
        .__DOCKHAND_REMOTES__?.[name]?.version,
    remote,
  );
  const manifest = (await (
    await fetch(new URL(`/remotes/${remote}/${version}/mf-manifest.json`, page.url()))
  ).json()) as {
    exposes: { name: string; assets: { js: { sync: string[] } } }[];
  };
  const exposed = ROUTE_PAGES[route];
  return new Set(
    manifest.exposes.filter((expose) => expose.name === exposed).flatMap((expose) => expose.assets.js.sync),
  );
}

const total = (sizes: Iterable<number>) => [...sizes].reduce((sum, size) => sum + size, 0);

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

async function measureInBrowser(baseUrl: string): Promise<boolean> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const page = await browser.newPage();
  const scripts = recordScripts(page);
  let ok = true;

  await page.goto(`${baseUrl}/#/login`);
  await settle(page);
  const login = scripts.take();
  const hostInitial = total(login.values());
  ok &&= hostInitial <= BUDGET.hostInitial;
  console.log(
    `\nhost initial JS (route /login): ${kb(hostInitial)} gzip in ${login.size} files — budget ${kb(BUDGET.hostInitial)}: ${verdict(hostInitial <= BUDGET.hostInitial)}`,
  );

  // Sign in through the development identity provider, then load the shell (dashboard).
  await page.goto(`${baseUrl}/auth/google/login?redirect=%2F`);
  await page.getByLabel('Name').fill('Bench User');
  await page.getByLabel('Email').fill('bench@example.com');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth') && !url.pathname.includes('interaction'));
  await settle(page);
  const shell = scripts.take();
  console.log(
    `shell after sign-in (lazy, beyond the login route): ${kb(total(shell.values()))} gzip in ${shell.size} files`,
  );

  console.log('\nremote pages, loaded inside the shell (beyond the shared libraries the host already has):');
  console.log(
    'route'.padEnd(18),
    'remote'.padEnd(20),
    'entry'.padStart(9),
    'page'.padStart(9),
    'lazy chunks'.padStart(12),
    ' budget (page)',
  );
  const seenRemotes = new Set<string>();
  for (const [route, remote] of REMOTE_ROUTES) {
    await page.evaluate((hash) => (window.location.hash = hash), route);
    await page
      .locator(`[data-remote-build^="${remote}@"], [data-remote-error="${remote}"]`)
      .first()
      .waitFor({ timeout: 20_000 });
    await settle(page);
    const loaded = scripts.take();
    const own = [...loaded].filter(([file]) => file.startsWith(`/remotes/${remote}/`));
    const foreign = [...loaded].filter(([file]) => !file.startsWith(`/remotes/${remote}/`));
    const entry = total(own.filter(([file]) => file.endsWith('/remoteEntry.js')).map(([, size]) => size));
    // The page is what the exposed module needs synchronously (per the remote's mf-manifest.json);
    // anything else it fetched came from its dynamic imports (the code editor, the log viewer).
    const pageFiles = await exposedSyncFiles(page, remote, route);
    const pageSize = total(
      own.filter(([file]) => pageFiles.has(path.basename(file))).map(([, size]) => size),
    );
    const lazy = own.filter(
      ([file]) => !file.endsWith('/remoteEntry.js') && !pageFiles.has(path.basename(file)),
    );
    const fits = pageSize <= BUDGET.remotePage;
    ok &&= fits;
    const entryText = seenRemotes.has(remote) ? '(cached)' : kb(entry);
    seenRemotes.add(remote);
    console.log(
      route.padEnd(18),
      remote.padEnd(20),
      entryText.padStart(9),
      kb(pageSize).padStart(9),
      kb(total(lazy.map(([, size]) => size))).padStart(12),
      ` ${verdict(fits)}`,
    );
    if (foreign.length > 0)
      console.log(`  also loaded: ${foreign.map(([file, size]) => `${file} ${kb(size)}`).join(', ')}`);
  }
  await browser.close();
  return ok;
}

async function main() {
  let ok = true;
  if (!process.argv.includes('--skip-build')) {
    const load = loadavg()[0]!.toFixed(1);
    const { wallMs, cpuSeconds } = coldBuild();
    ok &&= wallMs <= BUDGET.coldBuildMs;
    console.log(
      `cold production build of ${BUNDLES.length} bundles: ${(wallMs / 1000).toFixed(1)} s on ${cpus().length} cores (load average ${load} before) — budget ${BUDGET.coldBuildMs / 1000} s: ${verdict(wallMs <= BUDGET.coldBuildMs)}`,
    );
    if (cpuSeconds !== null)
      console.log(`  CPU time of the builds: ${cpuSeconds.toFixed(1)} s (user + system)`);
  }
  const port = await freePort();
  const { stop } = await startServer(port);
  try {
    ok = (await measureInBrowser(`http://127.0.0.1:${port}`)) && ok;
  } finally {
    stop();
  }
  process.exitCode = ok ? 0 : 1;
}

await main();
