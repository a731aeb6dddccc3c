import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  dashboardRoutes,
  pageSettled,
  closeServerWithApp,
  openServerWithApp,
  type ServerWithApps,
} from '../fixtures/server-with-apps';

// Issue 18, Accessibility: axe finds no serious or critical violation on any route, signed in
// with a real server and an app, in light mode, colour contrast (WCAG AA) included.

let page: Page;
let setup: ServerWithApps;

test.beforeAll(async ({ browser }) => {
  ({ page, setup } = await openServerWithApp(browser, 'Axe Walker', { colorScheme: 'light' }));
});

test.afterAll(() => closeServerWithApp(page, setup));

test('no route has a serious or critical accessibility violation, colour contrast included', async () => {
  test.setTimeout(180_000);
  for (const route of dashboardRoutes(setup)) {
    await page.goto(`/#${route}`);
    await pageSettled(page);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const severe = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id}: ${violation.nodes
            .map((node) => `${node.target.join(' ')} (${node.any[0]?.message ?? node.failureSummary ?? ''})`)
            .join('; ')}`,
      );
    expect.soft(severe, route).toEqual([]);
  }
});
