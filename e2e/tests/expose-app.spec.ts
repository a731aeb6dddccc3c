import { expect, test, type Page } from '@playwright/test';
import {
  caddyTemplateTag,
  ensureCaddyImage,
  fetchHttp,
  fetchHttps,
  freeHostPort,
  proxyRootCertificate,
  removeCaddyImage,
} from '../fixtures/caddy-proxy';
import { AGENT_PROJECT_PREFIX } from '../fixtures/host-shell-agent';
import { closeServerWithApp, openServerWithApp, type ServerWithApps } from '../fixtures/server-with-apps';
import { E2E_APP } from '../fixtures/test-catalog';

// Issue 16: expose an app through the catalog's Caddy proxy on a real agent and real Docker, and
// reach it over HTTPS (a .test name: Caddy's internal certificate authority signs it).

const DOMAIN = 'shop.dockhand.test';
const answered = (fetching: Promise<{ status: number; body: string }>) =>
  fetching.catch((error: Error) => ({ status: 0, body: error.message }));
const caddyTag = caddyTemplateTag();
let builtCaddy = false;
let page: Page;
let setup: ServerWithApps;

test.beforeAll(async ({ browser }) => {
  builtCaddy = ensureCaddyImage(caddyTag);
  ({ page, setup } = await openServerWithApp(browser, 'Expose User'));
});

test.afterAll(async () => {
  await closeServerWithApp(page, setup);
  if (builtCaddy) removeCaddyImage(caddyTag);
});

test('install Caddy, expose an app via Caddy with a domain, see its link and fetch it over HTTPS', async () => {
  test.setTimeout(240_000);
  await page.goto('/#/catalog');
  await page.getByRole('link', { name: 'Caddy', exact: true }).click();
  await page.getByRole('main').getByRole('button', { name: 'Install' }).click();
  const dialog = page.getByRole('dialog', { name: 'Install Caddy' });
  await dialog.getByLabel('Application Name').fill('caddy');
  await expect(dialog.getByLabel('Version')).toHaveValue(caddyTag);
  await dialog.getByRole('button', { name: 'Install' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'App installation started' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('app-tile').filter({ hasText: 'caddy' })).toContainText('Active', {
    timeout: 60_000,
  });

  await page.goto(`/#/app/${setup.appId}`);
  const main = page.getByRole('main');
  await main.getByRole('combobox', { name: 'Expose' }).selectOption({ label: 'Expose via caddy' });
  await main.getByLabel('Domains').fill(DOMAIN);
  // Deploy with unsaved edits saves them, which deploys them (the route joins the running proxy).
  await main.getByRole('button', { name: 'Deploy' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'App updated' })).toBeVisible({ timeout: 60_000 });
  const link = main
    .getByRole('list', { name: 'Public addresses' })
    .getByRole('link', { name: `https://${DOMAIN}` });
  await expect(link).toHaveAttribute('href', `https://${DOMAIN}`);

  const ca = proxyRootCertificate(AGENT_PROJECT_PREFIX);
  // The proxy applies the route with a graceful reload: poll until it answers.
  await expect
    .poll(() => answered(fetchHttps(DOMAIN, ca)), { timeout: 20_000 })
    .toEqual({ status: 200, body: `${E2E_APP.page}\n` });
});

test('Expose Port publishes the app on the chosen host port, and None takes the exposure away', async () => {
  test.setTimeout(120_000);
  const hostPort = await freeHostPort();
  await page.goto(`/#/app/${setup.appId}`);
  const main = page.getByRole('main');
  const expose = main.getByRole('combobox', { name: 'Expose' });
  await expect(expose).toBeVisible();
  await expose.selectOption({ label: 'Expose Port' });
  await main.getByLabel('Host port').fill(String(hostPort));
  await main.getByRole('button', { name: 'Deploy' }).click();
  const addresses = main.getByRole('list', { name: 'Public addresses' });
  // The header links the server's address once the deploy is done.
  await expect(addresses.getByRole('link')).toHaveAttribute(
    'href',
    new RegExp(`^http://[^/]+:${hostPort}$`),
    {
      timeout: 60_000,
    },
  );
  await expect
    .poll(() => answered(fetchHttp(hostPort)), { timeout: 20_000 })
    .toEqual({
      status: 200,
      body: `${E2E_APP.page}\n`,
    });
  // Leaving the proxy removed the app's route.
  await expect
    .poll(async () => (await answered(fetchHttps(DOMAIN, proxyRootCertificate(AGENT_PROJECT_PREFIX)))).status)
    .not.toBe(200);

  await expose.selectOption({ label: 'None' });
  await main.getByRole('button', { name: 'Deploy' }).click();
  await expect(addresses).toHaveCount(0, { timeout: 60_000 });
  await expect.poll(async () => (await answered(fetchHttp(hostPort))).status, { timeout: 20_000 }).toBe(0);
});
