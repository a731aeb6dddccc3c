import { expect, test, type Page } from '@playwright/test';
import { AGENT_PROJECT_PREFIX } from '../fixtures/host-shell-agent';
import { forgetAppRecord } from '../fixtures/server-database';
import {
  pageSettled,
  closeServerWithApp,
  openServerWithApp,
  type ServerWithApps,
} from '../fixtures/server-with-apps';
import { composeProjectResources } from '../fixtures/test-catalog';

// Issue 15, one inventory reconciled: an app that runs on the server but that Dockhand has no
// record of (what a crash in the middle of a create leaves) is shown on the dashboard as 'found on
// this server'; the operator adopts it, and it is then an app like any other, deleted normally,
// with nothing labelled left in Docker. Real server, real agent, real Docker.

let page: Page;
let setup: ServerWithApps;

test.beforeAll(async ({ browser }) => {
  ({ page, setup } = await openServerWithApp(browser, 'Orphan Finder'));
});

test.afterAll(() => closeServerWithApp(page, setup));

test('an app found on the server is adopted, then deleted normally, leaving nothing in Docker', async () => {
  test.setTimeout(120_000);
  const tile = page.locator(`[data-testid="app-tile"][href="#/app/${setup.appId}"]`);
  const found = page.getByTestId('found-app');

  const project = AGENT_PROJECT_PREFIX + forgetAppRecord(setup.appId);
  expect(composeProjectResources(project), 'the orphan still runs').toContainEqual(
    expect.stringMatching(/^container /),
  );

  await page.goto('/#/');
  await page.reload();
  await pageSettled(page);
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(project);
  await expect(found).toContainText('Found on this server');
  await expect(tile).toHaveCount(0);

  await found.getByRole('button', { name: 'Adopt' }).click();
  await expect(found).toHaveCount(0);
  // Adopted under its own id, named after its project, and still running.
  await expect(tile).toContainText('e2e-web');
  await expect(tile).toContainText('Active', { timeout: 30_000 });

  await tile.click();
  await page.getByRole('tab', { name: 'Settings', exact: true }).click();
  await page.getByRole('button', { name: 'Delete App' }).click();
  await page
    .getByRole('alertdialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Delete App' })
    .click();
  await expect(page.getByText('App deleted')).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/#\/$/);
  await expect(tile).toHaveCount(0);
  await expect(page.getByTestId('inventory-panel')).toHaveCount(0);
  expect(composeProjectResources(project), 'no labelled container or network is left').toEqual([]);
});
