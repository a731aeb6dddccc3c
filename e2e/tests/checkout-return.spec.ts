import { expect, test, type Page } from '@playwright/test';
import { openDashboard } from '../fixtures/auth';

// Issue 18: checkout opens in a new tab and returns there; the tab that started it must show the
// new plan too, at once and after a reload (its stored user_state was read before the purchase).

/** Signs in a new user, creates an Individual organization and opens its Business checkout tab. */
async function startBusinessCheckout(
  page: Page,
  user: { name: string; email: string },
  organization: string,
) {
  await openDashboard(page, '/organization', user);
  await page.getByRole('button', { name: 'Create Organization' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Organization' });
  await dialog.getByLabel('Organization name').fill(organization);
  await dialog.getByRole('button', { name: 'Create Organization' }).click();
  const billing = page.getByRole('region', { name: 'Subscription & Billing' });
  await expect(billing).toContainText('Plan: Individual');
  const checkoutTab = page.waitForEvent('popup');
  await billing.getByRole('button', { name: 'Upgrade to Business' }).click();
  const checkout = await checkoutTab;
  await checkout.waitForLoadState();
  return { billing, checkout };
}

test('after a Business checkout in a new tab, the tab that started it shows Business, also after a reload', async ({
  page,
}) => {
  const { billing, checkout } = await startBusinessCheckout(
    page,
    { name: 'Checkout Starter', email: 'checkout.starter@example.com' },
    'Starter Labs',
  );
  await checkout.getByRole('button', { name: 'Complete purchase' }).click();
  await expect(checkout.getByRole('region', { name: 'Subscription & Billing' })).toContainText(
    'Plan: Business',
  );
  await checkout.close();

  // Back in the first tab, without touching it.
  await expect(billing).toContainText('Plan: Business');
  await expect(page.getByRole('tab', { name: 'Members' })).toBeEnabled();
  await page.reload();
  await expect(billing).toContainText('Plan: Business');
});

test('a reload reads the plan again even when no tab announced the checkout', async ({ page }) => {
  const { billing, checkout } = await startBusinessCheckout(
    page,
    { name: 'Checkout Reloader', email: 'checkout.reloader@example.com' },
    'Reload Labs',
  );
  // The purchase completes without a return to the dashboard (as a provider's webhook can): the
  // checkout page's form is posted directly, so no tab hears of it.
  const checkoutUrl = new URL(checkout.url());
  await checkout.close();
  const completed = await page.request.post(`${checkoutUrl.pathname}/complete`, {
    headers: { origin: checkoutUrl.origin },
    maxRedirects: 0,
  });
  expect(completed.status()).toBe(303);
  await expect(billing).toContainText('Plan: Individual');

  await page.reload();
  await expect(billing).toContainText('Plan: Business');
});
