import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { rolloutBucket } from '../../host-shell/src/federation/rollout';
import { mockApi, mockOneServer, TEST_AGENT } from '../fixtures/api-mocks';
import { openDashboard } from '../fixtures/auth';
import { e2e } from '../fixtures/environment';
import { isReleased, release, snapshotManifest } from '../fixtures/releases';

// The Module Federation foundation (issue 2): shared singletons across host and remotes, the event
// bus, runtime rollout of remote versions from the manifest, and failure isolation.

const CANDIDATE = '1.4.0';
const BROKEN = '9.9.9-broken';
let restoreManifest: () => void;
let stableCatalog: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  restoreManifest = snapshotManifest();
  stableCatalog = (
    JSON.parse(
      (await import('node:fs')).readFileSync(path.join(e2e.releasesDir, 'remotes.json'), 'utf8'),
    ) as {
      remotes: Record<string, { stable: string }>;
    }
  ).remotes['mfe-catalog']!.stable;
  // A second version of the catalog remote, built by the real release command (only once per run).
  if (!isReleased('mfe-catalog', CANDIDATE)) release('mfe-catalog', CANDIDATE, 0);
});

test.afterEach(() => restoreManifest());

/** The build running in the content area, as the remote's own code reports it. */
async function runningBuild(page: Page, remote: string): Promise<string> {
  const root = page.locator(`[data-remote-build^="${remote}@"]`);
  await expect(root).toBeVisible();
  return (await root.getAttribute('data-remote-build'))!;
}

async function remoteRecord(page: Page, remote: string) {
  return page.evaluate(
    (name) =>
      (window as unknown as { __DOCKHAND_REMOTES__?: Record<string, unknown> }).__DOCKHAND_REMOTES__?.[name],
    remote,
  );
}

/** The rollout key per the contract: the signed-in user's id, else the browser's visitor id. */
async function rolloutKeyOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const stored = JSON.parse(sessionStorage.getItem('user_state') ?? 'null') as {
      id?: string;
      user?: { id?: string };
    } | null;
    const userId = stored?.user?.id ?? stored?.id;
    return userId ? `user:${userId}` : `visitor:${localStorage.getItem('dockhand_visitor_id')}`;
  });
}

/** A separate browser profile per person (signed in when the shell asks); anonymous ones keep a fixed visitor id. */
async function visitAs(browser: Browser, person: number, route: string) {
  const context = await browser.newContext();
  await context.addInitScript((id) => {
    if (!localStorage.getItem('dockhand_visitor_id')) localStorage.setItem('dockhand_visitor_id', id);
  }, `e2e-visitor-${person}`);
  const page = await context.newPage();
  await mockOneServer(page);
  await mockApi(page, '/api/v1/catalog/get-apps', []);
  await openDashboard(page, route, { name: `Rollout ${person}`, email: `rollout-${person}@example.com` });
  return { context, page };
}

/** A new page load (the manifest is read once per load), then the catalog's running build. */
async function catalogBuildAfterReload(page: Page): Promise<string> {
  await page.goto('/#/catalog');
  await page.reload();
  return runningBuild(page, 'mfe-catalog');
}

test('(a) one React and one QueryClient: a remote page reads what the host put in the cache', async ({
  page,
}) => {
  const agentRequests = await mockOneServer(page);
  await openDashboard(page, '/settings');
  // The settings remote finds the server in the host's agent list (fetched by the shell).
  await expect(page.getByText(TEST_AGENT.name).first()).toBeVisible();
  expect(await runningBuild(page, 'mfe-server-settings')).toMatch(/^mfe-server-settings@/);
  // Same QueryClient: the remote's query was a cache hit, not a second request.
  await page.waitForTimeout(500);
  expect(agentRequests.count()).toBe(1);
  // One copy of each singleton on the page: the share scope holds one registered version of each
  // (remotes are built with `import: false` and register none), and it is loaded.
  const registered = await page.evaluate(() => {
    type ShareEntry = { loaded?: boolean; from?: string; version?: string };
    type ShareMap = Record<string, Record<string, Record<string, Record<string, ShareEntry>>>>;
    const share = (window as unknown as { __FEDERATION__: { __SHARE__: ShareMap } }).__FEDERATION__.__SHARE__;
    const versions: Record<string, { from?: string; loaded: boolean }[]> = {};
    const seen = new Set<ShareEntry>();
    for (const scopes of Object.values(share))
      for (const packages of Object.values(scopes))
        for (const [name, byVersion] of Object.entries(packages))
          for (const entry of Object.values(byVersion)) {
            if (seen.has(entry)) continue;
            seen.add(entry);
            (versions[name] ??= []).push({ from: entry.from, loaded: Boolean(entry.loaded) });
          }
    return versions;
  });
  for (const singleton of ['react', 'react-dom', 'shared']) {
    expect(registered[singleton], singleton).toEqual([{ from: 'dockhand_host', loaded: true }]);
  }
  // The host provides these as facades of what the remotes import (shared/webpack/sharedFacades.cjs)
  // while its own code imports them directly, so `from` names the first remote that loaded them.
  for (const singleton of ['@tanstack/react-query', '@chakra-ui/react', 'react-router-dom']) {
    expect(registered[singleton], singleton).toEqual([{ from: expect.any(String), loaded: true }]);
  }
});

test('(b) the event bus delivers an event published by a remote to the host', async ({ page }) => {
  await mockOneServer(page);
  await mockApi(page, '/api/v1/catalog/get-apps', [
    { id: 'nginx', name: 'Nginx', summary: 'Web server', tags: [], available_in: ['free'] },
  ]);
  const installs = await mockApi(page, '/api/v1/catalog/install-app', null, 'Installation started');
  await openDashboard(page, '/catalog');
  const card = page.locator('[data-remote-build^="mfe-catalog@"]').getByTestId('catalog-card');
  await card.getByRole('button', { name: 'Install' }).click();
  await page.getByRole('dialog', { name: 'Install Nginx' }).getByRole('button', { name: 'Install' }).click();
  // The remote publishes toast:show; the host's toaster (outside the remote's tree) shows it.
  await expect(page.getByText('App installation started')).toBeVisible();
  expect(installs.count()).toBe(1);
});

test.describe('(c) rollout of two versions side by side', () => {
  const people = new Map<number, { context: BrowserContext; page: Page }>();
  const person = async (browser: Browser, n: number) => {
    if (!people.has(n)) people.set(n, await visitAs(browser, n, '/'));
    return people.get(n)!.page;
  };
  test.afterAll(async () => {
    for (const { context } of people.values()) await context.close();
  });

  test('users reach the versions in the configured split, deterministically per user', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    release('mfe-catalog', CANDIDATE, 50);
    const builds = new Set<string>();
    // Every person gets the version their stable bucket calls for; go on until both versions were seen.
    for (let n = 1; n <= 16 && (builds.size < 2 || n <= 6); n += 1) {
      const page = await person(browser, n);
      const build = await catalogBuildAfterReload(page);
      const expected =
        rolloutBucket('mfe-catalog', await rolloutKeyOf(page)) < 50 ? CANDIDATE : stableCatalog;
      expect(build).toBe(`mfe-catalog@${expected}`);
      expect(await remoteRecord(page, 'mfe-catalog')).toMatchObject({ version: expected, status: 'loaded' });
      // Support reads the versions in About Dockhand (user menu), not in the sidebar.
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'About Dockhand' }).click();
      await expect(
        page.getByRole('dialog', { name: 'About Dockhand' }).getByTestId('remote-versions'),
      ).toContainText(`mfe-catalog ${expected}`);
      await page.keyboard.press('Escape');
      expect(await catalogBuildAfterReload(page), 'same person, next visit').toBe(build);
      builds.add(build);
    }
    expect(builds).toEqual(new Set([`mfe-catalog@${CANDIDATE}`, `mfe-catalog@${stableCatalog}`]));
  });

  test('a manifest change alone moves everyone; rollback is the old version at 100', async ({ browser }) => {
    test.setTimeout(120_000);
    release('mfe-catalog', CANDIDATE, 100);
    for (let n = 1; n <= 6; n += 1)
      expect(await catalogBuildAfterReload(await person(browser, n))).toBe(`mfe-catalog@${CANDIDATE}`);
    release('mfe-catalog', stableCatalog, 100);
    for (let n = 1; n <= 6; n += 1)
      expect(await catalogBuildAfterReload(await person(browser, n))).toBe(`mfe-catalog@${stableCatalog}`);
  });
});

test('(c) explicit organizations and the ?mfe.catalog= override pick a version', async ({ browser }) => {
  const { context, page } = await visitAs(browser, 1, '/');
  // The rule matches the user's organizations (user_state). A signed-in user without one creates
  // it through the API, and the page records it as the shell does; an anonymous visitor gets one seeded.
  // The shell writes user_state when the profile is in: wait for it, or the profile read on the
  // next load would replace a seeded organization before the catalog's version is chosen.
  await page.waitForFunction(() => sessionStorage.getItem('user_state') !== null);
  const organizationId = await page.evaluate(async () => {
    const stored = JSON.parse(sessionStorage.getItem('user_state') ?? 'null') as {
      id: string;
      organizations: { id: string }[];
    } | null;
    if (!stored) {
      sessionStorage.setItem(
        'user_state',
        JSON.stringify({ id: 'e2e-org-user', organizations: [{ id: 'org-early' }] }),
      );
      return 'org-early';
    }
    if (stored.organizations[0]) return stored.organizations[0].id;
    const token = document.cookie.match(/(?:^|; )access_token=([^;]+)/)?.[1];
    const response = await fetch('/api/v1/organization/create-organization', {
      method: 'POST',
      credentials: 'include',
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${decodeURIComponent(token)}` } : {}),
      },
      body: JSON.stringify({ name: 'Early Adopters' }),
    });
    const created = (await response.json()) as {
      data: { id: string; name: string; subscription_status: string };
    };
    const organization = { ...created.data, role: 'owner', licenses: 0 };
    sessionStorage.setItem('user_state', JSON.stringify({ ...stored, organizations: [organization] }));
    return organization.id;
  });
  release('mfe-catalog', CANDIDATE, 0, [organizationId]);
  expect(await catalogBuildAfterReload(page)).toBe(`mfe-catalog@${CANDIDATE}`);
  expect(await remoteRecord(page, 'mfe-catalog')).toMatchObject({ reason: 'organization' });

  release('mfe-catalog', CANDIDATE, 0);
  await page.goto('/?mfe.catalog=1.4.0#/catalog');
  await page.reload();
  expect(await runningBuild(page, 'mfe-catalog')).toBe(`mfe-catalog@${CANDIDATE}`);
  expect(await remoteRecord(page, 'mfe-catalog')).toMatchObject({ reason: 'override' });
  expect(await catalogBuildAfterReload(page)).toBe(`mfe-catalog@${stableCatalog}`);
  await context.close();
});

test('(d) a broken remote entry falls back to the previous stable version', async ({ page }) => {
  const brokenDir = path.join(e2e.releasesDir, 'mfe-catalog', BROKEN);
  mkdirSync(brokenDir, { recursive: true });
  writeFileSync(path.join(brokenDir, 'remoteEntry.js'), 'throw new Error("a broken release");\n');
  release('mfe-catalog', BROKEN, 100);
  await mockOneServer(page);
  await mockApi(page, '/api/v1/catalog/get-apps', []);
  await openDashboard(page, '/catalog');
  expect(await runningBuild(page, 'mfe-catalog')).toBe(`mfe-catalog@${stableCatalog}`);
  expect(await remoteRecord(page, 'mfe-catalog')).toMatchObject({
    selectedVersion: BROKEN,
    version: stableCatalog,
    failedVersions: [BROKEN],
    status: 'loaded',
  });
});

test('(d) with no good version the section shows a contained error with Retry; the shell keeps working', async ({
  page,
}) => {
  await mockOneServer(page);
  await mockApi(page, '/api/v1/catalog/get-apps', []);
  const unreachable = (url: URL) => url.pathname.startsWith('/remotes/mfe-organization/');
  await page.route(unreachable, (route) => route.abort('connectionrefused'));
  await openDashboard(page, '/organization');

  await expect(page.getByText('This section failed to load')).toBeVisible();
  await expect(page.locator('[data-remote-build^="mfe-organization@"]')).toHaveCount(0);
  expect(await remoteRecord(page, 'mfe-organization')).toMatchObject({ status: 'failed', version: null });

  // The sidebar and the other routes keep working.
  await page.getByRole('link', { name: 'Apps Catalog' }).first().click();
  await expect(page).toHaveURL(/#\/catalog$/);
  await runningBuild(page, 'mfe-catalog');

  // Once the remote is reachable again, Retry brings the section back without a reload.
  await page.goBack();
  await expect(page).toHaveURL(/#\/organization$/);
  await expect(page.getByText('This section failed to load')).toBeVisible();
  await page.unroute(unreachable);
  await page.getByRole('button', { name: 'Retry' }).click();
  expect(await runningBuild(page, 'mfe-organization')).toMatch(/^mfe-organization@/);
});

test('the code editor and the log viewer load only on the pages that use them', async ({ page }) => {
  await mockOneServer(page);
  // Registered later, so these answers win: a server with app logs and one app on it.
  await mockApi(page, '/api/v1/agents/get-agents', {
    agents: [{ ...TEST_AGENT, features: [{ name: 'app_logs', is_enabled: true }] }],
  });
  await mockApi(page, '/api/v1/apps/get-apps', {
    apps: [{ id: 'demo-app', name: 'demo', icon: 'Package', color: '#3182CE', extension: null, status: 1 }],
  });
  await mockApi(page, '/api/v1/apps/get-app', {
    config: {
      id: 'demo-app',
      name: 'demo',
      description: null,
      version: null,
      template_id: null,
      extension: null,
      icon: 'Package',
      color: '#3182CE',
      files: [],
      variables: [],
      extension_values: [],
      supported_extensions: [],
    },
    tags: [],
    versions: [],
    files: {},
    variables: {},
  });
  await mockApi(page, '/api/v1/apps/get-logs', {
    logs: {
      containers: { c1: 'demo-web-1' },
      logs: [
        { timestamp: Date.UTC(2026, 10, 23, 10, 0), container_id: 'c1', channel: 'stdout', message: 'ready' },
      ],
    },
  });
  await mockApi(page, '/api/v1/catalog/get-apps', []);
  const appsChunks: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/remotes/mfe-apps/') && url.pathname.endsWith('.js'))
      appsChunks.push(url.pathname);
  });
  const aceLoaded = () => page.evaluate(() => 'ace' in window);

  await openDashboard(page, '/catalog');
  await runningBuild(page, 'mfe-catalog');
  expect(appsChunks).toEqual([]);
  expect(await aceLoaded()).toBe(false);

  await page.evaluate(() => (window.location.hash = '/create-app'));
  await page.getByRole('button', { name: 'Add File' }).click();
  await expect(page.locator('.ace_editor')).toBeVisible();
  expect(await aceLoaded()).toBe(true);

  // The log viewer's chunk is fetched when the Logs tab opens, not before.
  await page.evaluate(() => (window.location.hash = '/app/demo-app'));
  await runningBuild(page, 'mfe-apps');
  const beforeLogs = appsChunks.length;
  await page.getByRole('tab', { name: 'Logs' }).click();
  await expect.poll(() => appsChunks.length).toBeGreaterThan(beforeLogs);
  await expect(page.getByText('ready')).toBeVisible();
});
