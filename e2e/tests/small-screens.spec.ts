import { expect, test, type Page } from '@playwright/test';
import { AGENT_PROJECT_PREFIX } from '../fixtures/host-shell-agent';
import {
  callApi,
  dashboardRoutes,
  pageSettled,
  closeServerWithApp,
  openServerWithApp,
  type ServerWithApps,
} from '../fixtures/server-with-apps';

// Issue 18, Small screens: no page scrolls sideways at phone, tablet or desktop widths, with a
// real server and an app in place. Screenshots of each go to the test output folder. Issue 35: the
// pages hold what a lived-in server has: a long server name, the admission policy card with its
// commands (the real agent reports its policy), registries and many networks with long names.

const WIDTHS = [360, 390, 768, 1280];
let page: Page;
let setup: ServerWithApps;

const NETWORKS = Array.from(
  { length: 12 },
  (_, n) => `${AGENT_PROJECT_PREFIX}backend-services-shared-network-${String(n + 1).padStart(2, '0')}`,
);

const REGISTRIES = Array.from(
  { length: 4 },
  (_, n) => `registry-${n + 1}.artifacts.internal-build-infrastructure.example.com`,
);

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  ({ page, setup } = await openServerWithApp(browser, 'Narrow Screens'));
  // Registries are added as a user does, in the dialog: their credentials are sealed in the browser.
  await page.goto('/#/settings?tab=docker-registries');
  for (const address of REGISTRIES) {
    await page.getByRole('button', { name: 'Add Registry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Registry' });
    await dialog.getByLabel('Address').fill(address);
    await dialog.getByLabel('Username').fill('ci-robot-with-a-long-account-name');
    await dialog.getByLabel('Password').fill('not-a-real-password');
    await dialog.getByRole('button', { name: 'Add Registry' }).click();
    await expect(dialog).toHaveCount(0, { timeout: 30_000 });
  }
  await callApi(page, '/api/v1/agents/rename-agent', {
    agent_id: setup.agentId,
    name: 'production-eu-west-application-server-number-one',
  });
  for (const name of NETWORKS)
    await callApi(page, '/api/v1/networks/create-network', { agent_id: setup.agentId, name });
});

test.afterAll(async () => {
  for (const address of REGISTRIES)
    await callApi(page, '/api/v1/registries/delete-registry', { agent_id: setup.agentId, address }).catch(
      () => null,
    );
  for (const name of NETWORKS)
    await callApi(page, '/api/v1/networks/delete-network', { agent_id: setup.agentId, name }).catch(
      () => null,
    );
  await closeServerWithApp(page, setup);
});

/** The elements that stick out past the right edge, for a readable failure. */
function overflowingElements(target: Page) {
  return target.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > limit + 0.5)
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} "${element.textContent?.slice(0, 40)}"`,
      );
  });
}

for (const width of WIDTHS) {
  test(`no page scrolls sideways at ${width} px`, async () => {
    const testInfo = test.info();
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    for (const route of dashboardRoutes(setup)) {
      await page.goto(`/#${route}`);
      await pageSettled(page);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      const name = `${width}${route.replace(/[^\w]+/g, '-')}`;
      await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
      expect
        .soft(scrollWidth, `${route} at ${width} px: ${(await overflowingElements(page)).join(', ')}`)
        .toBeLessThanOrEqual(clientWidth);
    }
  });
}

test('on a phone the Server Settings tab row shows that it scrolls, and the policy commands wrap in their own boxes', async () => {
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/#/settings');
    await pageSettled(page);
    const row = page.getByTestId('settings-tab-row');
    const { scrollable, shades } = await row.evaluate((element) => ({
      scrollable: element.scrollWidth > element.clientWidth,
      shades: getComputedStyle(element).backgroundImage,
    }));
    expect(scrollable, `the four tabs are wider than ${width} px`).toBe(true);
    expect(shades, 'edge shades say that the row scrolls').toMatch(/radial-gradient.*radial-gradient/);
    const commands = page.getByRole('list', { name: 'Commands on the server' }).getByRole('listitem');
    await expect(commands).toHaveCount(4);
    await expect(commands.last()).toHaveText('systemctl restart dockhand-agent');
    const card = await page.getByTestId('admission-policy').boundingBox();
    for (const box of await commands.evaluateAll((items) =>
      items.map((item) => item.getBoundingClientRect().right),
    ))
      expect(box).toBeLessThanOrEqual((card?.x ?? 0) + (card?.width ?? 0));
  }
});

test('on a phone the catalog shows apps first: its tag filters wait behind a Filters toggle', async () => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/#/catalog');
  await pageSettled(page);
  const tags = page.getByRole('group', { name: 'Filter by tag' });
  await expect(tags).toHaveCount(0);
  await expect(page.getByTestId('catalog-card').first()).toBeInViewport();
  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(tags.getByRole('checkbox')).not.toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Filters' }).waitFor({ state: 'detached' });
  await expect(tags).toBeVisible();
});
