import { expect, test } from '@playwright/test';
import { signIn } from '../fixtures/auth';

// Under 768 px the sidebar is a slide-in sheet with its own open flag (issue 5).

test.use({ viewport: { width: 390, height: 844 } });

test('the sidebar is a slide-in sheet on a phone-sized screen', async ({ page }) => {
  await signIn(page, { name: 'Mobile Tester', email: 'mobile.host-shell@example.com' });
  await expect(page.getByRole('heading', { name: 'Welcome to Dockhand' })).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await expect(page.getByTestId('sidebar-sheet')).toHaveCount(0);

  await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
  const sheet = page.getByTestId('sidebar-sheet');
  await expect(sheet).toBeVisible();
  // 18rem wide, slid in from the left edge (polled: the slide animates).
  await expect.poll(async () => Math.round((await sheet.boundingBox())?.width ?? 0)).toBe(288);
  await expect.poll(async () => Math.round((await sheet.boundingBox())?.x ?? -1)).toBe(0);
  // The desktop flag is untouched: the sheet has its own.
  expect(await page.evaluate(() => sessionStorage.getItem('menu_state'))).toBeNull();

  await sheet.getByRole('link', { name: 'Apps Catalog' }).click();
  await expect(page).toHaveURL(/#\/catalog$/);
  await expect(sheet).toBeHidden();

  await page.keyboard.press('Control+b');
  await expect(page.getByTestId('sidebar-sheet')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sidebar-sheet')).toBeHidden();
});
