import { expect, test, type Page } from '@playwright/test';
import {
  dashboardRoutes,
  pageSettled,
  closeServerWithApp,
  openServerWithApp,
  type ServerWithApps,
} from '../fixtures/server-with-apps';

// Issue 18, Small screens: no page scrolls sideways at phone, tablet or desktop widths, with a
// real server and an app in place. Screenshots of each go to the test output folder.

const WIDTHS = [360, 390, 768, 1280];
let page: Page;
let setup: ServerWithApps;

test.beforeAll(async ({ browser }) => {
  ({ page, setup } = await openServerWithApp(browser, 'Narrow Screens'));
});

test.afterAll(() => closeServerWithApp(page, setup));

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
