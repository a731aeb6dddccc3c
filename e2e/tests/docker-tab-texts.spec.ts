import { expect, test, type Page } from '@playwright/test';
import {
  pageSettled,
  closeServerWithApp,
  openServerWithApp,
  type ServerWithApps,
} from '../fixtures/server-with-apps';

// Issue 18, texts no user could reach: Server Settings' Docker Registries tab says so when the
// host's owner turned the feature off on a real agent (`dockhand-agent features off
// docker_registries`), and when the server is offline (spec section 2, Server Settings).

const FEATURE_OFF =
  'Docker Registries management is disabled for this server. The agent may not be updated to the latest version or the feature is turned off.';
const OFFLINE = 'Docker Registries management is not available when the server is offline.';

let page: Page;
let setup: ServerWithApps;

test.beforeAll(async ({ browser }) => {
  ({ page, setup } = await openServerWithApp(browser, 'Feature Switcher', {
    agentOptions: { hostConfig: { features: { docker_registries: false } } },
  }));
});

test.afterAll(() => closeServerWithApp(page, setup));

test('a server whose agent has registries turned off shows the feature-off text; its networks still work', async () => {
  await page.goto('/#/settings');
  await pageSettled(page);
  await page.getByRole('tab', { name: 'Docker Registries' }).click();
  await expect(page.getByRole('tabpanel')).toContainText(FEATURE_OFF);
  await expect(page.getByRole('button', { name: 'Add Registry' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Docker Networks' }).click();
  await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Create Network' })).toBeVisible();
});

test('an offline server shows the offline text on a link to its Docker Registries tab', async () => {
  test.setTimeout(90_000);
  await setup.agent.stop();
  await page.goto('/#/settings');
  // The shell notices at its next status poll (every 11 s).
  await expect(page.getByRole('tab', { name: 'Docker Registries' })).toBeDisabled({ timeout: 30_000 });
  await page.goto('/#/settings?tab=docker-registries');
  await expect(page.getByRole('tabpanel')).toContainText(OFFLINE);
});
