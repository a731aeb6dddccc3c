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

/** Records the gzip size of every JavaScript response of the page until `take` is called. */
function recordScripts(page: Page) {
  let scripts: Scripts = new Map();
  const pending = new Set<Promise<void>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    const done = response
      .body()
      .then((body) => void scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length))
      .catch(() => undefined)
      .finally(() => pending.delete(done));
    pending.add(done);
  });
  return {
    take: async (): Promise<Scripts> => {
      await Promise.all(pending);
      const taken = scripts;
      scripts = new Map();
      return taken;
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
    const visitorScripts = recordScripts(visitor);
    await visitor.goto(`${baseUrl}/#/login`);
    await settle(visitor);
    rows.push(row('JS of /login', BUDGET.login, await visitorScripts.take()));
    await visitor.close();

    const context = await signedInContext(browser, baseUrl);
    const page = await context.newPage();
    const scripts = recordScripts(page);
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
      const isPage = (file: string) =>
        file.startsWith(`/remotes/${remote}/`) && pageFiles.has(path.basename(file));
      const isLazy = (file: string) =>
        file.startsWith(`/remotes/${remote}/`) && !file.endsWith('/remoteEntry.js') && !isPage(file);
      if (!seenRemotes.has(remote)) {
        seenRemotes.add(remote);
        // Everything the first visit loaded that is not the page or its lazy chunks: the entry,
        // and any runtime or shared chunk the host had not loaded yet.
        const entry = [...loaded].filter(([file]) => !isPage(file) && !isLazy(file));
        rows.push(row(`${remote} entry beyond the host's scripts`, BUDGET.remoteEntry, new Map(entry)));
      }
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
