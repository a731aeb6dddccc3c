import { execFileSync } from 'node:child_process';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { AGENT_PROJECT_PREFIX, startRealAgent, type RunningAgent } from '../fixtures/host-shell-agent';
import { buildE2eImage, E2E_APP, removeComposeProjects } from '../fixtures/test-catalog';
import { keepScreenshot } from '../fixtures/screenshots';

// The host shell (issue 5) through the real sign-in of the development identity provider and a
// real agent: sign in, empty dashboard, connect a server with its code, see it online with its
// hardware, log out, and come back to the origin path after signing in again.

test.describe.configure({ mode: 'serial' });

const USER = { name: 'Grace Hopper', email: 'grace.host-shell@example.com' };
let page: Page;
let agent: RunningAgent | null = null;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
});

test.afterAll(async () => {
  await agent?.stop();
  removeComposeProjects(AGENT_PROJECT_PREFIX);
  await page.close();
});

async function submitIdentityProviderForm(target: Page) {
  await target.getByLabel('Name').fill(USER.name);
  await target.getByLabel('Email').fill(USER.email);
  await target.getByRole('button', { name: 'Sign in' }).click();
}

test('the login page shows the logo and one sign-in button, and guards the shell', async () => {
  await page.goto('/');
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByRole('img', { name: 'Dockhand logo' })).toBeVisible();
  await expect(page.getByRole('button')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  // The page fits the window: no scrollbar beside a card that has room to spare.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(900);
  await keepScreenshot(page, 'login');
});

test('signing in lands on the empty dashboard with the welcome panel', async () => {
  await page.evaluate(() => localStorage.setItem('stale', 'x'));
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/auth\/|\/dev-idp\//);
  await submitIdentityProviderForm(page);
  await expect(page.getByRole('heading', { name: 'Welcome to Dockhand' })).toBeVisible();
  await expect(page).toHaveURL(/\/#?\/?$/);
  // The sign-in button cleared local storage before leaving for the identity provider.
  expect(await page.evaluate(() => localStorage.getItem('stale'))).toBeNull();
  await expect(page.getByText('Get your first app running in under 5 minutes.')).toBeVisible();
  for (const step of ['Connect a server', 'Deploy applications', 'Manage security and updates']) {
    await expect(page.getByText(step, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText(USER.name);
  await expect(page.getByTestId('sidebar').getByText('Deploy App')).toBeDisabled();
  await keepScreenshot(page, 'dashboard-empty');
});

test('the sidebar toggles with ctrl+b and remembers its state in menu_state', async () => {
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  expect(await page.evaluate(() => sessionStorage.getItem('menu_state'))).toBe('false');
  await expect.poll(async () => Math.round((await sidebar.boundingBox())?.width ?? 0)).toBe(48);
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await expect.poll(async () => Math.round((await sidebar.boundingBox())?.width ?? 0)).toBe(256);
});

test('a real agent connects with its code and shows online with its hardware', async () => {
  test.setTimeout(120_000);
  agent = await startRealAgent();
  await page.getByRole('button', { name: 'Add Your First Server' }).click();
  const dialog = page.getByTestId('server-connection-dialog');
  await expect(dialog.getByText('Connect a Server')).toBeVisible();
  await expect(dialog.getByRole('tab')).toHaveCount(5);
  await dialog.getByRole('tab', { name: 'DigitalOcean' }).click();
  await expect(dialog.getByRole('link', { name: 'Get a server on DigitalOcean' })).toBeVisible();
  await expect(
    dialog.getByText('Ubuntu 22.04+ or Debian 12+; minimum 1 vCPU and 2GB RAM recommended.'),
  ).toBeVisible();

  await dialog.getByRole('button', { name: 'Copy command' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('/install.sh');
  await expect(dialog.getByRole('button', { name: 'Copy command' })).toBeVisible({ timeout: 4_000 });

  const connect = dialog.getByRole('button', { name: 'Connect Server' });
  await expect(connect).toBeDisabled();
  await dialog.getByLabel('Code character 1').click();
  await page.keyboard.type(agent.code.toLowerCase());
  await expect(dialog.getByLabel('Code character 6')).toHaveValue(agent.code[5] as string);
  // A code alone is not enough: an organization must be chosen (this user has none yet).
  await expect(connect).toBeDisabled();
  await keepScreenshot(page, 'connection-dialog');

  await dialog.getByRole('button', { name: 'New' }).click();
  const createOrganization = page.getByRole('dialog', { name: 'Create Organization' });
  await createOrganization.getByLabel('Organization name').fill('Hopper Labs');
  await createOrganization.getByRole('button', { name: 'Create Organization' }).click();
  await expect(dialog.getByLabel('Organization')).toHaveValue(/.+/);
  await expect(connect).toBeEnabled();
  const registered = page.waitForResponse((response) => response.url().includes('/register-agent'));
  await connect.click();
  const answer = await registered;
  expect(answer.status(), await answer.text()).toBe(200);

  // The e2e server may already offer a newer agent release (agent-releases.spec): its polite
  // 'Update Available' notice must wait, not replace the confirmation.
  await expect(page.getByRole('status').filter({ hasText: 'Server Connected' })).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('server-card');
  await expect(card).toContainText(`Server ${agent.code}`);
  await expect(card.getByText('Online')).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText(/Hardware:\s*\d+ Cores? • [\d.]+ [KMGT]?B RAM/, { timeout: 30_000 });
  await expect(card).toContainText(/IP:\s*\S+/);
  await expect(card).not.toContainText('Last Seen');
  await expect(page.getByTestId('server-switcher')).toContainText(`Server ${agent.code}`);
  await expect(page.getByText('No apps found')).toBeVisible();
  await keepScreenshot(page, 'dashboard-with-server');
});

test('the new server gets the Free plan on the organization page, and Deploy App opens up', async () => {
  const code = agent?.code ?? '';
  const deploy = page
    .getByRole('region', { name: 'Your Apps' })
    .getByRole('button', { name: 'Deploy App' })
    .first();
  await expect(deploy).toBeDisabled(); // a freshly paired server has no plan
  // The dashboard says where a plan is assigned.
  await page
    .getByRole('region', { name: 'Your Apps' })
    .getByRole('link', { name: 'Manage Organization' })
    .click();

  const billing = page.getByRole('region', { name: 'Subscription & Billing' });
  await expect(billing).toContainText('Individual');
  const row = billing.getByRole('listitem', { name: `Server ${code}` });
  await expect(row).toContainText('Unpaid');
  await row.getByRole('button', { name: 'Assign Free' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Agent promoted successfully' })).toBeVisible();
  await expect(row).toContainText('Free');
  await expect(row.getByRole('button', { name: 'Assign Free' })).toHaveCount(0);
  await keepScreenshot(page, 'organization-billing');

  // A second organization, from the page's switcher through the shell's dialog.
  await page.getByRole('button', { name: 'Create Organization' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Organization' });
  await dialog.getByLabel('Organization name').fill('Hopper Ops');
  await dialog.getByRole('button', { name: 'Create Organization' }).click();
  await expect(page.getByRole('heading', { name: 'Hopper Ops' })).toBeVisible();
  await expect(billing).toContainText('No servers in this organization yet.');
  await page.getByLabel('Organization name').fill('Hopper Operations');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Organization name updated' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hopper Operations' })).toBeVisible();

  // It has no servers, so its owner may delete it; the page goes back to the first organization.
  await page.getByRole('button', { name: 'Delete Organization' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Organization deleted' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hopper Labs' })).toBeVisible();
  await expect(page.getByLabel('Organization', { exact: true })).not.toContainText('Hopper Operations');
  await expect(row).toContainText('Free');
  // The first organization has an online server: deleting it waits until the server is offline.
  await expect(page.getByRole('button', { name: 'Delete Organization' })).toBeDisabled();

  await page.getByTestId('sidebar').getByText('Dashboard').click();
  await expect(deploy).toBeEnabled();
  await expect(page.getByTestId('server-card')).toContainText('Free');
});

test('the catalog finds an app by tag and search, installs it on the real server, and it runs', async () => {
  test.setTimeout(120_000);
  buildE2eImage();
  await page.getByTestId('sidebar').getByText('Apps Catalog').click();
  await expect(page.getByTestId('catalog-card').first()).toBeVisible();
  // A hash naming a tag selects it, and a change of hash follows.
  await page.goto(`/#/catalog#${E2E_APP.tag}`);
  await expect(page.getByRole('checkbox', { name: E2E_APP.tag })).toBeChecked();
  await expect(page.getByTestId('catalog-card')).toHaveCount(1);
  // The card's own tag toggles the same filter off.
  await page.getByTestId('catalog-card').getByRole('button', { name: E2E_APP.tag }).click();
  await expect(page.getByRole('checkbox', { name: E2E_APP.tag })).not.toBeChecked();
  await expect(page.getByTestId('catalog-card')).not.toHaveCount(1);
  await page
    .getByPlaceholder('Search by name, description, keywords, tags, license, URLs...')
    .fill('busybox httpd');
  const card = page.getByTestId('catalog-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(E2E_APP.name);
  await keepScreenshot(page, 'catalog');

  await card.getByRole('button', { name: 'Install' }).click();
  const dialog = page.getByRole('dialog', { name: `Install ${E2E_APP.name}` });
  await expect(dialog.getByLabel('Application Name')).toHaveValue(E2E_APP.id);
  await expect(dialog.getByLabel('Version')).toHaveValue(E2E_APP.version);
  await dialog.getByLabel('Application Name').fill('e2e-web');
  await dialog.getByLabel('Application Name').press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'App installation started' })).toBeVisible({
    timeout: 30_000,
  });

  // Home again: the new app's tile turns Active once the real container runs.
  await expect(page).toHaveURL(/#\/$/);
  const tile = page.getByTestId('app-tile').filter({ hasText: 'e2e-web' });
  await expect(tile).toContainText('Active', { timeout: 30_000 });
  const running = execFileSync('docker', ['ps', '--format', '{{.Label "com.docker.compose.project"}}'], {
    encoding: 'utf8',
  });
  expect(running).toContain(AGENT_PROJECT_PREFIX);
});

test('server settings rename the server and manage its real Docker networks and registries', async () => {
  await page.getByTestId('sidebar').getByText('Server Settings').click();
  await page.getByLabel('Name').fill('hopper-prod');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Server Renamed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Select server' })).toContainText('hopper-prod');
  // Online servers cannot be deleted.
  await expect(page.getByRole('button', { name: 'Delete Server' })).toBeDisabled();

  const network = `${AGENT_PROJECT_PREFIX}-net`;
  await page.getByRole('tab', { name: 'Docker Networks' }).click();
  await expect(page).toHaveURL(/tab=docker-networks/);
  await page.getByRole('button', { name: 'Create Network' }).click();
  await page.getByRole('dialog', { name: 'Create Network' }).getByLabel('Network name').fill(network);
  await page.getByRole('dialog', { name: 'Create Network' }).getByLabel('Network name').press('Enter');
  await expect(page.getByRole('listitem', { name: network })).toBeVisible();
  expect(execFileSync('docker', ['network', 'ls', '--format', '{{.Name}}'], { encoding: 'utf8' })).toContain(
    network,
  );
  await page.getByRole('button', { name: `Delete ${network}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('listitem', { name: network })).toHaveCount(0);
  expect(
    execFileSync('docker', ['network', 'ls', '--format', '{{.Name}}'], { encoding: 'utf8' }),
  ).not.toContain(network);

  await page.getByRole('tab', { name: 'Docker Registries' }).click();
  await page.getByRole('button', { name: 'Add Registry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Registry' });
  await dialog.getByLabel('Address').fill('registry.e2e.test');
  await dialog.getByLabel('Username').fill('grace');
  await dialog.getByLabel('Password').fill('not-a-real-password');
  await dialog.getByRole('button', { name: 'Add Registry' }).click();
  const registry = page.getByRole('listitem', { name: 'registry.e2e.test' });
  await expect(registry).toContainText('Signed in as grace');
  await keepScreenshot(page, 'server-settings-registries');
  await page.getByRole('button', { name: 'Delete registry.e2e.test' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(registry).toHaveCount(0);
});

test('a custom Compose app is created from an uploaded file, runs, logs, stops and is deleted', async () => {
  test.setTimeout(120_000);
  buildE2eImage();
  await page.getByTestId('sidebar').getByRole('button', { name: 'Deploy App' }).click();
  await page.getByRole('dialog', { name: 'Deploy App' }).getByText('Deploy Your Own App').click();
  await expect(page).toHaveURL(/#\/create-app$/);
  await page.getByLabel('App Name').fill('e2e-custom');
  const compose = [
    'services:',
    '  web:',
    `    image: ${E2E_APP.image}:${E2E_APP.version}`,
    '    command: ["sh", "-c", "echo hello-from-e2e; exec httpd -f -p 8080 -h /www"]',
    '    stop_grace_period: 1s',
    '',
  ].join('\n');
  await page
    .getByLabel('Upload files from disk')
    .setInputFiles({ name: 'compose.yml', mimeType: 'text/yaml', buffer: Buffer.from(compose) });
  await expect(page.getByRole('group', { name: 'File #1' })).toContainText('compose.yml');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'App created' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/#\/$/);

  const tile = page.getByTestId('app-tile').filter({ hasText: 'e2e-custom' });
  await expect(tile).toContainText('Active', { timeout: 30_000 });
  await tile.click();
  await expect(page.getByRole('heading', { name: 'e2e-custom' })).toBeVisible();
  await expect(page.getByTestId('app-status')).toHaveText('Active');
  await page.getByRole('tab', { name: 'Logs' }).click();
  await expect(page.getByText('hello-from-e2e')).toBeVisible({ timeout: 15_000 });
  await keepScreenshot(page, 'app-logs');

  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'App stopped' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('app-status')).toHaveText('Stopped', { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeEnabled();

  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Delete App' }).click();
  await page
    .getByRole('alertdialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Delete App' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'App deleted' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByTestId('app-tile').filter({ hasText: 'e2e-custom' })).toHaveCount(0);
});

test('returning from checkout clears stored state, drops the flag and re-checks authentication', async () => {
  await page.evaluate(() => sessionStorage.setItem('before-checkout', 'x'));
  const profileFetch = page.waitForRequest((request) => request.url().endsWith('/auth/user'));
  await page.goto('/?checkout_success=true#/');
  await profileFetch;
  await expect(page).toHaveURL(/^http:\/\/[^/?]+\/#\/$/);
  expect(await page.evaluate(() => sessionStorage.getItem('before-checkout'))).toBeNull();
  await expect(page.getByTestId('server-card')).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText(USER.name);
});

/**
 * The host scripts (remotes aside) that opening `path` in a fresh context fetches before its first
 * screen (`firstScreen`, a selector) is on the page, those it fetches after, and the preload hints
 * its page response carries.
 */
async function scriptsAndHints(
  browser: Browser,
  storageState: Awaited<ReturnType<ReturnType<Page['context']>['storageState']>> | undefined,
  path: string,
  firstScreen: string,
) {
  const context = await browser.newContext({ storageState });
  const target = await context.newPage();
  const hints = (await target.request.get(path)).headers().link ?? '';
  // Without the hints, the page fetches only what it really runs.
  await target.route(
    (url) => url.pathname === '/',
    async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers.link;
      await route.fulfill({ response, headers });
    },
  );
  // When the first screen is committed to the page (ms from navigation start).
  await target.addInitScript((selector: string) => {
    new MutationObserver((_records, observer) => {
      if (!document.querySelector(selector)) return;
      (window as unknown as { firstScreenAt: number }).firstScreenAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }, firstScreen);
  await target.goto(path);
  await expect(target.locator(firstScreen)).toBeVisible();
  await target.waitForLoadState('networkidle');
  const fetched = await target.evaluate(() => {
    const firstScreenAt = (window as unknown as { firstScreenAt: number }).firstScreenAt;
    return performance.getEntriesByType('resource').map((entry) => ({
      path: new URL(entry.name).pathname.slice(1),
      beforeFirstScreen: entry.startTime < firstScreenAt,
    }));
  });
  await context.close();
  // The host's own scripts sit at the root; the remotes' under their name and version.
  const hostScripts = fetched.filter((entry) => /^[\w.-]+\.js$/.test(entry.path));
  return {
    scripts: hostScripts
      .filter((entry) => entry.beforeFirstScreen)
      .map((entry) => entry.path)
      .sort(),
    later: hostScripts
      .filter((entry) => !entry.beforeFirstScreen)
      .map((entry) => entry.path)
      .sort(),
    hinted: [...hints.matchAll(/<\/([^>]+)>; rel=preload; as=script/g)].map((match) => match[1]).sort(),
    styles: fetched
      .filter((entry) => entry.path.endsWith('.css'))
      .map((entry) => entry.path)
      .sort(),
    hintedStyles: [...hints.matchAll(/<\/([^>]+)>; rel=preload; as=style/g)].map((match) => match[1]).sort(),
  };
}

test('the page preloads exactly the scripts and styles of its first screen, signed in or not', async ({
  browser,
}) => {
  const signedIn = await scriptsAndHints(
    browser,
    await page.context().storageState(),
    '/#/',
    '[data-testid="server-card"]',
  );
  expect(signedIn.scripts.length).toBeGreaterThan(5);
  expect(signedIn.hinted).toEqual(signedIn.scripts);
  // Chakra comes after the first screen, which draws without it (host-shell/src/chakra/chakra-scope).
  expect(signedIn.later.length).toBeGreaterThan(0);
  expect(signedIn.later.filter((script) => signedIn.hinted.includes(script))).toEqual([]);
  // The shell's stylesheets (Chakra's global one: theme variables, reset; shell.css: the first
  // screen's own looks) come with the page, not after the scripts.
  expect(signedIn.styles).toHaveLength(2);
  expect(signedIn.hintedStyles).toEqual(signedIn.styles);

  // The login page's one button: Sign in with Google.
  const visitor = await scriptsAndHints(browser, undefined, '/#/login', '#root button');
  expect(visitor.hinted).toEqual(visitor.scripts);
  expect(visitor.hintedStyles).toEqual([]);
  expect(visitor.styles).toEqual([]); // the login page is not restyled by the shell's reset
  // The signed-in shell is not pushed to visitors of the login page.
  expect(visitor.hinted.length).toBeLessThan(signedIn.hinted.length);
});

test('after buying Business in the (development) checkout, the Members tab invites and removes a member', async () => {
  await page.goto('/#/organization');
  const checkoutTab = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Upgrade to Business' }).click();
  const checkout = await checkoutTab;
  await checkout.getByRole('button', { name: 'Complete purchase' }).click();
  // The checkout returns to the organization page in that tab, which drops the flag and reads the new plan.
  await expect(checkout).toHaveURL(/127\.0\.0\.1:\d+\/#\/organization$/);
  await expect(checkout.getByRole('region', { name: 'Subscription & Billing' })).toContainText('Business');
  await checkout.getByRole('tab', { name: 'Members' }).click();
  const members = checkout.getByRole('region', { name: 'Members' });
  await members.getByLabel('Email').fill('ada.member@example.com');
  await members.getByRole('button', { name: 'Invite' }).click();
  await expect(checkout.getByRole('status').filter({ hasText: 'Member added' })).toBeVisible();
  const row = members.getByRole('row').filter({ hasText: 'ada.member@example.com' });
  await expect(row).toContainText('Invited');
  await keepScreenshot(checkout, 'organization-members');
  await row.getByRole('button', { name: 'Remove ada.member@example.com' }).click();
  await checkout.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(checkout.getByRole('status').filter({ hasText: 'Member removed' })).toBeVisible();
  await expect(row).toHaveCount(0);
  await checkout.close();
});

test('once its agent stops, the server is deleted from Server Settings and the dashboard welcomes again', async () => {
  test.setTimeout(90_000);
  await agent?.stop();
  await page.goto('/#/settings');
  // The shell notices at its next status poll (every 11 s).
  await expect(page.getByRole('button', { name: 'Delete Server' })).toBeEnabled({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Delete Server' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'hopper-prod was deleted.' })).toBeVisible();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('button', { name: 'Add Your First Server' })).toBeVisible();
});

test('logging out clears storage and a guarded page comes back after signing in again', async () => {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  // Stored state is gone (the remotes' rollout identity may be written again on the fresh page).
  expect(
    await page.evaluate(() => [
      localStorage.getItem('agent_id'),
      sessionStorage.getItem('user_state'),
      sessionStorage.getItem('menu_state'),
    ]),
  ).toEqual([null, null, null]);
  expect(await page.evaluate(() => document.cookie)).not.toContain('access_token');

  await page.goto('/#/catalog');
  await expect(page).toHaveURL(/#\/login$/);
  // The sign-in button clears both storages before leaving for the identity provider (which is
  // on the same origin in development, so the tab's storage can be read there).
  await page.evaluate(() => {
    localStorage.setItem('left-over', 'x');
    sessionStorage.setItem('left-over', 'x');
  });
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('left-over'), sessionStorage.getItem('left-over')]),
  ).toEqual([null, null]);
  await submitIdentityProviderForm(page);
  await expect(page).toHaveURL(/\/#\/catalog$/);
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText(USER.name);
});
