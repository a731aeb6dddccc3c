import { expect, test, type Page } from '@playwright/test';
import {
  pageSettled,
  closeServerWithApp,
  openServerWithApp,
  type ServerWithApps,
} from '../fixtures/server-with-apps';

// Issue 18, Links that work: every tabbed page opens the tab its `?tab=<stable name>` names, and
// the browser's Back and Forward move between the tabs the user chose, in the federated host.

let page: Page;
let setup: ServerWithApps;

test.beforeAll(async ({ browser }) => {
  ({ page, setup } = await openServerWithApp(browser, 'Tab Linker'));
  // Members is a tab of Business organizations only: buy it in the development checkout.
  await page.goto('/#/organization');
  const checkoutTab = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Upgrade to Business' }).click();
  const checkout = await checkoutTab;
  await checkout.getByRole('button', { name: 'Complete purchase' }).click();
  await expect(checkout.getByRole('region', { name: 'Subscription & Billing' })).toContainText('Business');
  await checkout.close();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Members' })).toBeEnabled();
});

test.afterAll(() => closeServerWithApp(page, setup));

type TabLink = [id: string, name: string];

/** Each tabbed page: its route and its tabs in order, as `?tab=` value and visible name. */
function tabbedPages(): { route: string; tabs: [TabLink, TabLink, ...TabLink[]] }[] {
  return [
    {
      route: '/organization',
      tabs: [
        ['details', 'Details'],
        ['members', 'Members'],
      ],
    },
    {
      route: '/settings',
      tabs: [
        ['general', 'General'],
        ['docker-registries', 'Docker Registries'],
        ['docker-networks', 'Docker Networks'],
        ['docker-volumes', 'Docker Volumes'],
      ],
    },
    {
      route: `/app/${setup.appId}`,
      tabs: [
        ['editor', 'Editor'],
        ['settings', 'Settings'],
        ['logs', 'Logs'],
        ['history', 'History'],
      ],
    },
  ];
}

async function expectOpenTab(route: string, id: string, name: string): Promise<void> {
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toBeVisible();
  expect(new URL(page.url()).hash, `${route}: the address names the open tab`).toMatch(
    new RegExp(`[?&]tab=${id}(&|$)`),
  );
}

test('a ?tab= link opens that tab on every tabbed page', async () => {
  for (const { route, tabs } of tabbedPages()) {
    for (const [id, name] of tabs) {
      await page.goto(`/#${route}?tab=${id}`);
      await pageSettled(page);
      await expectOpenTab(route, id, name);
    }
  }
});

test('Back and Forward move between the tabs the user chose on every tabbed page', async () => {
  for (const { route, tabs } of tabbedPages()) {
    const [first, second, third] = tabs;
    await page.goto(`/#${route}?tab=${first[0]}`);
    await pageSettled(page);
    await page.getByRole('tab', { name: second[1], exact: true }).click();
    await expectOpenTab(route, second[0], second[1]);
    if (third) {
      await page.getByRole('tab', { name: third[1], exact: true }).click();
      await expectOpenTab(route, third[0], third[1]);
      await page.goBack();
      await expectOpenTab(route, second[0], second[1]);
    }
    await page.goBack();
    await expectOpenTab(route, first[0], first[1]);
    await page.goForward();
    await expectOpenTab(route, second[0], second[1]);
  }
});
