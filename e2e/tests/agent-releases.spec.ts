import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../fixtures/auth';
import { expectDialogKeepsFocus } from '../fixtures/dialog-focus';
import { e2e, repoRoot } from '../fixtures/environment';
import { E2E_RELEASE_KEY, startRealAgent, type RunningAgent } from '../fixtures/host-shell-agent';

// Agent releases (issue 13): a release published with the script reaches the dashboard ('Agent
// update available', the 'Update Available' toast), and 'Update to {name}' brings the real agent
// back on the new version. Uses the real agent under its launcher with the release key pinned.

test.describe.configure({ mode: 'serial' });

let page: Page;
let agent: RunningAgent | null = null;
const builds = mkdtempSync(path.join(tmpdir(), 'dockhand-e2e-builds-'));

/** `node agent/scripts/bundle.mjs --version` then `pnpm release:agent`, as a release manager does. */
function publish(version: string, options: string[]) {
  const bundle = path.join(builds, version, 'dockhand-agent.mjs');
  execFileSync(process.execPath, ['agent/scripts/bundle.mjs', '--version', version, '--outfile', bundle], {
    cwd: repoRoot,
  });
  execFileSync(
    process.execPath,
    [
      'scripts/publish-agent-release.mjs',
      '--bundle',
      bundle,
      '--key',
      path.join(E2E_RELEASE_KEY, 'release-key.pem'),
      ...options,
    ],
    { cwd: repoRoot, env: { ...process.env, AGENT_RELEASES_DIR: path.join(e2e.releasesDir, 'agent') } },
  );
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
});

test.afterAll(async () => {
  await agent?.stop();
  rmSync(builds, { recursive: true, force: true });
  await page.close();
});

test('a published release is offered on the dashboard and the real agent updates to it', async () => {
  test.setTimeout(150_000);
  agent = await startRealAgent(30_000, { installed: true });
  await signIn(page, { name: 'Ada Releases', email: 'ada.releases@example.com' });
  await page.getByRole('button', { name: 'Add Your First Server' }).click();
  const connection = page.getByTestId('server-connection-dialog');
  await connection.getByLabel('Code character 1').click();
  await page.keyboard.type(agent.code);
  await connection.getByRole('button', { name: 'New' }).click();
  const createOrganization = page.getByRole('dialog', { name: 'Create Organization' });
  await createOrganization.getByLabel('Organization name').fill('Release Labs');
  await createOrganization.getByRole('button', { name: 'Create Organization' }).click();
  await connection.getByRole('button', { name: 'Connect Server' }).click();
  const card = page.getByTestId('server-card');
  await expect(card.getByText('Online')).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText('Agent Version: 1.0.0', { timeout: 30_000 });

  publish('1.1.0', [
    '--name',
    'Harbour 1.1.0',
    '--message',
    'Faster deploys',
    '--notes-url',
    'https://example.com/agent/1.1.0',
  ]);
  publish('1.2.0-beta.1', ['--name', 'Harbour 1.2 beta', '--beta', '--message', 'Try the new log pipe']);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Update Available' })).toBeVisible({
    timeout: 30_000,
  });
  const updateButton = card.getByRole('button', { name: 'Agent update available' });
  const dialog = page.getByRole('dialog', { name: 'Update Agent' });
  // Issue 18: the dialog keeps the keyboard focus and gives it back to the button.
  await expectDialogKeepsFocus(page, { name: 'Update Agent', opener: updateButton, dialog });
  await updateButton.click();
  await expect(dialog.getByRole('radio')).toHaveCount(2);
  await expect(dialog.getByText('Beta', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Faster deploys')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'View release notes' })).toHaveAttribute(
    'href',
    'https://example.com/agent/1.1.0',
  );
  const started = Date.now();
  await dialog.getByRole('button', { name: 'Update to Harbour 1.1.0' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Agent Update Initiated' })).toBeVisible();
  await expect(card).toContainText('Agent Version: 1.1.0', { timeout: 60_000 });
  await expect(card.getByText('Online')).toBeVisible();
  console.log(`agent update: 'Update to Harbour 1.1.0' → online on 1.1.0 in ${Date.now() - started} ms`);
});
