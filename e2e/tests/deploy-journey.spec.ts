import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { AGENT_PROJECT_PREFIX } from '../fixtures/host-shell-agent';
import { closeServerWithApp, openServerWithApp, type ServerWithApps } from '../fixtures/server-with-apps';
import { composeProjectResources, E2E_APP } from '../fixtures/test-catalog';

// Issue 14, 'Deploys you can trust', as a user lives it on a real server, agent and Docker: a
// custom app whose compose file is broken fails with an error that explains itself; fixed, it is
// created while its progress shows (its image builds); both attempts are in its history; deleted
// keeping its data, its volume is left, belongs to no app, and is removed from Server Settings.

const APP = 'notes';
const VOLUME = 'notes-data';
const dockerfile = [
  `FROM ${E2E_APP.image}:${E2E_APP.version}`,
  // A new line each run: the build cache never skips the slow step the progress is watched in.
  `RUN sleep 3 && echo notes image ${Date.now()} built`,
  '',
].join('\n');
const service = [
  'services:',
  '  web:',
  '    build: .',
  '    command: ["httpd", "-f", "-p", "8080", "-h", "/data"]',
  '    stop_grace_period: 1s',
  '    volumes:',
  `      - ${VOLUME}:/data`,
];
// The named volume is used but not declared: Compose refuses the file.
const brokenCompose = [...service, ''].join('\n');
const fixedCompose = [...service, 'volumes:', `  ${VOLUME}: {}`, ''].join('\n');

let page: Page;
let setup: ServerWithApps;

test.beforeAll(async ({ browser }) => {
  ({ page, setup } = await openServerWithApp(browser, 'Journey User'));
});

test.afterAll(() => closeServerWithApp(page, setup));

/** Docker's volumes carrying the compose project's label. */
const labelledVolumes = (project: string) =>
  execFileSync(
    'docker',
    ['volume', 'ls', '--filter', `label=com.docker.compose.project=${project}`, '--format', '{{.Name}}'],
    { encoding: 'utf8' },
  )
    .split('\n')
    .filter(Boolean);

/** Replaces the open file's text in the code editor, as a user selecting all and pasting does. */
async function replaceEditorText(text: string) {
  const editor = page.locator('.ace_editor');
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
}

test('a broken create explained, fixed and watched, both attempts in its history, its kept volume removed', async () => {
  test.setTimeout(240_000);
  await page.goto('/#/create-app');
  const main = page.getByRole('main');
  await main.getByLabel('App Name').fill(APP);
  await main.getByLabel('Upload files from disk').setInputFiles([
    { name: 'compose.yml', mimeType: 'text/yaml', buffer: Buffer.from(brokenCompose) },
    { name: 'Dockerfile', mimeType: 'text/plain', buffer: Buffer.from(dockerfile) },
  ]);
  await main.getByRole('button', { name: 'Create' }).click();

  // The error block: a first line in the user's terms, compose's own output one click away.
  const failure = main.getByTestId('deploy-failure');
  await expect(failure).toBeVisible({ timeout: 60_000 });
  await expect(failure).toContainText(VOLUME);
  await expect(failure).not.toContainText('/var/lib');
  await failure.getByRole('button', { name: 'Show full output' }).click();
  await expect(failure).toContainText('no declaration was found in the volumes section');

  // Fix the file and create again: the same app, its deploy shown as it runs (the image builds).
  await main.getByRole('button', { name: /compose\.yml/ }).click();
  await replaceEditorText(fixedCompose);
  await main.getByRole('button', { name: 'Create' }).click();
  const progress = main.getByRole('region', { name: 'Deploy in progress' });
  await expect(progress).toBeVisible({ timeout: 30_000 });
  await expect(progress.getByRole('heading', { name: 'Create' })).toBeVisible();
  await expect(progress.getByTestId('progress-build-output')).toContainText('RUN sleep 3', {
    timeout: 30_000,
  });
  await expect(page.getByRole('status').filter({ hasText: 'App created' })).toBeVisible({ timeout: 90_000 });
  const tile = page.getByTestId('app-tile').filter({ hasText: APP });
  await expect(tile).toContainText('Active', { timeout: 30_000 });

  // Both attempts are the one app's history, the failed one with its reason.
  await tile.click();
  await expect(page).toHaveURL(/#\/app\/[0-9a-f-]{36}/);
  const appId = /#\/app\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  const project = `${AGENT_PROJECT_PREFIX}${APP}-${appId.replace(/-/g, '').slice(0, 8)}`;
  expect(labelledVolumes(project)).toEqual([`${project}_${VOLUME}`]);
  await main.getByRole('tab', { name: 'History' }).click();
  const entries = main.getByTestId('deploy-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Create');
  await expect(entries.nth(0)).toContainText('Succeeded');
  await expect(entries.nth(1)).toContainText('Create');
  await expect(entries.nth(1)).toContainText('Failed');
  await expect(entries.nth(1)).toContainText(VOLUME);

  // Delete, keeping the data: everything else goes, the volume stays.
  await main.getByRole('tab', { name: 'Settings' }).click();
  await main.getByRole('button', { name: 'Delete App' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await confirm.getByText('Keep data volumes').click();
  await expect(confirm.getByRole('list', { name: 'What is removed' })).not.toContainText('named volumes');
  await confirm.getByRole('button', { name: 'Delete App' }).click();
  await expect(page).toHaveURL(/#\/$/, { timeout: 60_000 });
  expect(composeProjectResources(project), 'no container or network is left').toEqual([]);
  expect(labelledVolumes(project), 'the data volume is kept').toEqual([`${project}_${VOLUME}`]);

  // The kept volume belongs to no app now: Server Settings removes it after confirmation.
  await page.goto('/#/settings?tab=docker-volumes');
  const volume = main.getByRole('listitem', { name: `${project}_${VOLUME}` });
  await expect(volume).toContainText('belongs to no app');
  await volume.getByRole('button', { name: `Delete ${project}_${VOLUME}` }).click();
  const confirmVolume = page.getByRole('alertdialog', { name: 'Delete volume?' });
  await confirmVolume.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Volume deleted successfully' })).toBeVisible();
  await expect(volume).toHaveCount(0);
  expect(labelledVolumes(project), 'nothing of the app is left in Docker').toEqual([]);
});

// Issue 35: an Update whose image cannot be pulled says why, as a failed create does. The installed
// app's image was imported here and exists in no registry: Update & Restart pulls, and fails.
test('a failed Update says why: the service and image on the app page, the pull output and its history entry one click away', async () => {
  test.setTimeout(120_000);
  await page.goto(`/#/app/${setup.appId}`);
  const main = page.getByRole('main');
  await expect(main.getByTestId('app-status')).toContainText('Active', { timeout: 30_000 });
  await main.getByRole('button', { name: 'Update', exact: true }).click();

  await expect(
    page.getByRole('status').filter({ hasText: 'Failed to update the app. Please try again.' }),
  ).toBeVisible({ timeout: 60_000 });
  const failure = main.getByTestId('deploy-failure');
  await expect(failure).toContainText(
    `Service web: the image ${E2E_APP.image}:${E2E_APP.version} cannot be pulled`,
  );
  await failure.getByRole('button', { name: 'Show full output' }).click();
  await expect(failure.getByLabel('Deploy output')).toContainText(`${E2E_APP.image}`);
  // The app keeps running as it was.
  await expect(main.getByTestId('app-status')).toContainText('Active', { timeout: 30_000 });

  await failure.getByRole('link', { name: 'Open in the deploy history' }).click();
  await expect(page).toHaveURL(/tab=history&deploy=/);
  const entry = main.getByTestId('deploy-entry').first();
  await expect(entry).toContainText('Update');
  await expect(entry).toContainText('Failed');
  await expect(entry).toContainText('cannot be pulled');
});
