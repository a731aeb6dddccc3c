// Measures, in Chromium against the real server, the JavaScript each budget row counts: every
// script response's body, gzipped at level 9 (what the server sends precompressed).
import { chromium, type Browser, type Page } from '@playwright/test';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS } from '../lib/harness.mjs';
import { BUDGET, type Row } from './budgets.js';

/** Route → remote whose page it shows (spec section 2), and the exposed page module. */
const REMOTE_ROUTES: { route: string; remote: string; exposed: string }[] = [
  { route: '/catalog', remote: 'mfe-catalog', exposed: 'CatalogPage' },
  { route: '/catalog/nginx', remote: 'mfe-catalog', exposed: 'CatalogItemPage' },
  { route: '/create-app', remote: 'mfe-apps', exposed: 'CreateAppPage' },
  { route: '/app/bench-app', remote: 'mfe-apps', exposed: 'AppDetailPage' },
  { route: '/settings', remote: 'mfe-server-settings', exposed: 'ServerSettingsPage' },
  { route: '/organization', remote: 'mfe-organization', exposed: 'OrganizationPage' },
];

type Scripts = Map<string, number>;

/**
 * Records the path of every script the page loads until `take` is called; `take` then fetches
 * each once more and gzips it (a second request, so no response body can be missed).
 */
function recordScripts(page: Page, baseUrl: string) {
  let scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.ok())
      scripts.add(new URL(response.url()).pathname);
  });
  return {
    take: async (): Promise<Scripts> => {
      const taken = [...scripts];
      scripts = new Set();
      const sized = await Promise.all(
        taken.map(async (file): Promise<[string, number]> => {
          const response = await fetch(new URL(file, baseUrl));
          if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
          return [file, gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length];
        }),
      );
      return new Map(sized);
    },
  };
}

const total = (sizes: Iterable<number>) => [...sizes].reduce((sum, size) => sum + size, 0);
const row = (figure: string, budget: number, files: Scripts): Row => ({
  figure,
  budget,
  files,
  bytes: total(files.values()),
});

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

/** The exposed page's synchronous chunks, from the running version's mf-manifest.json. */
async function exposedSyncFiles(page: Page, remote: string, exposed: string): Promise<Set<string>> {
  const version = await page.evaluate(
    (name) =>
      (window as unknown as { __DOCKHAND_REMOTES__?: Record<string, { version: string | null }> })
        .__DOCKHAND_REMOTES__?.[name]?.version,
    remote,
  );
  const manifest = (await (
    await fetch(new URL(`/remotes/${remote}/${version}/mf-manifest.json`, page.url()))
  ).json()) as { exposes: { name: string; assets: { js: { sync: string[] } } }[] };
  return new Set(
    manifest.exposes.filter((expose) => expose.name === exposed).flatMap((expose) => expose.assets.js.sync),
  );
}

/** A fresh context (empty HTTP cache) signed in through the development identity provider. */
async function signedInContext(browser: Browser, baseUrl: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/auth/google/login?redirect=%2F`);
  await page.getByLabel('Name').fill('Bench User');
  await page.getByLabel('Email').fill('bench@example.com');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth') && !url.pathname.includes('interaction'));
  await settle(page);
  const storageState = await context.storageState();
  await context.close();
  return browser.newContext({ storageState });
}

/** One row per budget figure: login, signed-in dashboard, then each remote's entry and pages. */
export async function measureRows(baseUrl: string): Promise<Row[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const rows: Row[] = [];
    const visitor = await browser.newPage();
    const visitorScripts = recordScripts(visitor, baseUrl);
    await visitor.goto(`${baseUrl}/#/login`);
    await visitor.getByRole('button', { name: 'Sign in with Google' }).waitFor();
    await settle(visitor);
    rows.push(row('JS of /login', BUDGET.login, await visitorScripts.take()));
    await visitor.close();

    const context = await signedInContext(browser, baseUrl);
    const page = await context.newPage();
    const scripts = recordScripts(page, baseUrl);
    await page.goto(`${baseUrl}/#/`);
    await page.getByRole('navigation', { name: 'Platform' }).waitFor();
    await settle(page);
    rows.push(
      row('JS of a signed-in dashboard, all chunks it loads', BUDGET.signedInDashboard, await scripts.take()),
    );

    const seenRemotes = new Set<string>();
    for (const { route, remote, exposed } of REMOTE_ROUTES) {
      await page.evaluate((hash) => (window.location.hash = hash), route);
      await page
        .locator(`[data-remote-build^="${remote}@"], [data-remote-error="${remote}"]`)
        .first()
        .waitFor({ timeout: 20_000 });
      await settle(page);
      const loaded = await scripts.take();
      if (await page.locator(`[data-remote-error="${remote}"]`).count())
        throw new Error(`${remote} failed to load on ${route}`);
      // The page is what the exposed module needs synchronously (per the remote's mf-manifest.json);
      // what its dynamic imports fetch later (the code editor, the log viewer) is neither.
      const pageFiles = await exposedSyncFiles(page, remote, exposed);
      const isOwn = (file: string) => file.startsWith(`/remotes/${remote}/`);
      const isPage = (file: string) => isOwn(file) && pageFiles.has(path.basename(file));
      const isLazy = (file: string) => isOwn(file) && !file.endsWith('/remoteEntry.js') && !isPage(file);
      if (!seenRemotes.has(remote)) {
        seenRemotes.add(remote);
        // What the remote's first visit loaded of its own besides the page and its lazy chunks.
        const entry = [...loaded].filter(([file]) => isOwn(file) && !isPage(file) && !isLazy(file));
        rows.push(row(`${remote} entry beyond the host's scripts`, BUDGET.remoteEntry, new Map(entry)));
      }
      // Host chunks a remote page pulls: the parts of the shared libraries only remotes use (the
      // host's facades, shared/webpack/sharedFacades.cjs), loaded once per page by the first one.
      const hostChunks = new Map([...loaded].filter(([file]) => !isOwn(file)));
      if (hostChunks.size > 0)
        rows.push(
          row(`host chunks ${route} pulls (shared library parts)`, BUDGET.hostChunksForRemotes, hostChunks),
        );
      rows.push(
        row(
          `${route} page chunks (${remote})`,
          BUDGET.remotePage,
          new Map([...loaded].filter(([file]) => isPage(file))),
        ),
      );
    }
    await context.close();
    return rows;
  } finally {
    await browser.close();
  }
}
