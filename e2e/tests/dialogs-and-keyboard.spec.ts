import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectDialogKeepsFocus } from '../fixtures/dialog-focus';
import {
  pageSettled,
  closeServerWithApp,
  openServerWithApp,
  type ServerWithApps,
} from '../fixtures/server-with-apps';
import { E2E_APP } from '../fixtures/test-catalog';

// Issue 18, Accessibility: every main dialog keeps the focus inside while open, gives it back to
// the control that opened it, and has no serious axe violation; and the deploy journey (catalog →
// install → app page → logs) works with the keyboard alone.

let page: Page;
let setup: ServerWithApps;

test.beforeAll(async ({ browser }) => {
  ({ page, setup } = await openServerWithApp(browser, 'Keyboard User', { colorScheme: 'light' }));
});

test.afterAll(() => closeServerWithApp(page, setup));

async function expectNoSevereViolation(dialog: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .include('[role="dialog"], [role="alertdialog"]')
    .analyze();
  const severe = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect.soft(severe, dialog).toEqual([]);
}

interface DialogCase {
  name: string;
  route: string;
  /** The control the user presses; focus must come back to it. */
  opener: () => Locator;
  /** What opens the dialog once the opener has the focus (default: Enter on it). */
  open?: () => Promise<void>;
  dialog: () => Locator;
}

function dialogCases(): DialogCase[] {
  return [
    {
      name: 'About Dockhand (user menu)',
      route: '/',
      opener: () => page.getByRole('button', { name: 'User menu' }),
      open: async () => {
        await page.keyboard.press('Enter');
        await page.getByRole('menuitem', { name: 'About Dockhand' }).press('Enter');
      },
      dialog: () => page.getByRole('dialog', { name: 'About Dockhand' }),
    },
    {
      name: 'Add Server',
      route: '/',
      opener: () => page.getByRole('main').getByRole('button', { name: 'Add Server' }),
      dialog: () => page.getByRole('dialog'),
    },
    {
      name: 'Install',
      route: `/catalog/${E2E_APP.id}`,
      opener: () => page.getByRole('main').getByRole('button', { name: 'Install' }),
      dialog: () => page.getByRole('dialog', { name: `Install ${E2E_APP.name}` }),
    },
    {
      name: 'Delete App',
      route: `/app/${setup.appId}?tab=settings`,
      opener: () => page.getByRole('button', { name: 'Delete App' }),
      dialog: () => page.getByRole('alertdialog'),
    },
    {
      name: 'Add Registry',
      route: '/settings?tab=docker-registries',
      opener: () => page.getByRole('tabpanel').getByRole('button', { name: 'Add Registry' }),
      dialog: () => page.getByRole('dialog'),
    },
    {
      name: 'Create Organization',
      route: '/organization',
      opener: () => page.getByRole('main').getByRole('button', { name: 'Create Organization' }),
      dialog: () => page.getByRole('dialog', { name: 'Create Organization' }),
    },
  ];
}

test('every main dialog traps the focus and gives it back to the control that opened it', async () => {
  test.setTimeout(120_000);
  for (const { name, route, opener, open, dialog } of dialogCases()) {
    await page.goto(`/#${route}`);
    await pageSettled(page);
    await expectDialogKeepsFocus(page, {
      name,
      opener: opener(),
      dialog: dialog(),
      open,
      whileOpen: () => expectNoSevereViolation(name),
    });
  }
});

/** Presses Tab (or Shift+Tab) until the target has the focus, as a keyboard user would. */
async function tabTo(target: Locator, { backwards = false, limit = 80 } = {}): Promise<void> {
  for (let press = 0; press < limit; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached with ${limit} × Tab`).toBeFocused();
}

test('the deploy journey works with the keyboard alone: catalog → install → app page → logs', async () => {
  test.setTimeout(120_000);
  await page.goto('/#/');
  await pageSettled(page);

  await tabTo(page.getByRole('link', { name: 'Apps Catalog' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/catalog$/);
  // Hundreds of cards (each a link, its tags and Install) stand between the search and most apps:
  // a keyboard user types the name first.
  await tabTo(page.getByRole('searchbox', { name: 'Search the catalog' }));
  await page.keyboard.type(E2E_APP.name);
  await tabTo(page.getByRole('link', { name: E2E_APP.name }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/catalog/${E2E_APP.id}$`));

  await tabTo(page.getByRole('main').getByRole('button', { name: 'Install' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Install ${E2E_APP.name}` });
  const appName = dialog.getByLabel('Application Name');
  await expect(appName).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('keyboard-web');
  await tabTo(dialog.getByRole('button', { name: 'Install' }));
  await page.keyboard.press('Enter');
  // Install answers once the agent has the app's files; on a busy machine that takes a while.
  await expect(page.getByRole('status').filter({ hasText: 'App installation started' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page).toHaveURL(/#\/$/);

  const tile = page.getByTestId('app-tile').filter({ hasText: 'keyboard-web' });
  await expect(tile).toContainText('Active', { timeout: 60_000 });
  await tabTo(tile);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').getByRole('heading', { name: 'keyboard-web' })).toBeVisible();

  // The tab list is one stop: Tab lands on the open tab, the arrows move between tabs.
  await tabTo(page.getByRole('tab', { name: 'Editor' }));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Logs' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/[?&]tab=logs/);
  await expect(page.getByTestId('log-panel')).toBeVisible();
});
