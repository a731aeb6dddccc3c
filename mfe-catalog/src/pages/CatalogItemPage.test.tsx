import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { agentOn, catalogItem, renderCatalogPage } from '../test-support/catalog-fixtures';
import CatalogItemPage from './CatalogItemPage';

const nextcloud = catalogItem({
  id: 'nextcloud',
  name: 'Nextcloud',
  summary: 'Files, calendars and contacts.',
  description: 'A self-hosted productivity platform.',
  tags: ['Files'],
  alternative_to: ['Google Drive', 'Dropbox'],
  homepage_url: 'https://nextcloud.com',
  repository_url: 'https://github.com/nextcloud/server',
  documentation_url: 'https://docs.nextcloud.com',
  license: 'AGPL-3.0',
  license_url: 'https://www.gnu.org/licenses/agpl-3.0.html',
  available_in: ['free', 'pro'],
  sponsorship: [{ name: 'Nextcloud GmbH', url: 'https://nextcloud.com/sponsor' }],
  registry: {
    tags: [{ name: '29.0.1' }],
    releases: [
      {
        name: '29.0.1',
        date: '2026-03-01',
        description: 'Fixes.',
        breaking_changes: false,
        changelog_url: 'https://n.test/29.0.1',
      },
      {
        name: '30.0.0',
        date: '2026-06-01',
        description: 'Major.',
        breaking_changes: true,
        changelog_url: null,
      },
    ],
  },
});

function renderItem(route: string, apps: { name: string }[] = []) {
  return renderCatalogPage(<CatalogItemPage />, {
    route,
    path: '/catalog/:appName',
    agent: agentOn('free'),
    items: [nextcloud],
    answers: { '/api/v1/apps/get-apps': { body: { success: true, message: 'OK', data: { apps } } } },
  });
}

test('shows the item: links, alternatives, license, plans, sponsors, about and versions', async () => {
  renderItem('/catalog/NextCloud');
  expect(await screen.findByRole('heading', { name: 'Nextcloud' })).toBeInTheDocument();
  expect(screen.getByText('Files, calendars and contacts.')).toBeInTheDocument();
  expect(screen.getByText('Google Drive, Dropbox')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Website' })).toHaveAttribute('href', 'https://nextcloud.com');
  expect(screen.getByRole('link', { name: 'GitHub' })).toHaveAttribute(
    'href',
    'https://github.com/nextcloud/server',
  );
  expect(screen.getByRole('link', { name: 'Documentation' })).toHaveAttribute(
    'href',
    'https://docs.nextcloud.com',
  );
  expect(screen.getByRole('link', { name: 'AGPL-3.0' })).toHaveAttribute(
    'href',
    'https://www.gnu.org/licenses/agpl-3.0.html',
  );
  expect(screen.getByText('Free')).toBeInTheDocument();
  expect(screen.getByText('Pro')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Nextcloud GmbH' })).toBeInTheDocument();
  expect(screen.getByText('A self-hosted productivity platform.')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('tab', { name: 'Versions (2)' }));
  const releases = screen.getAllByTestId('catalog-release');
  expect(releases.map((release) => release.firstElementChild?.firstElementChild?.textContent)).toEqual([
    '30.0.0',
    '29.0.1',
  ]);
  expect(within(releases[0]!).getByText('Breaking Changes')).toBeInTheDocument();
  expect(within(releases[1]!).getByRole('link', { name: 'Changelog' })).toHaveAttribute(
    'href',
    'https://n.test/29.0.1',
  );
});

test('its install dialog shows the version read-only and refuses a name the server already uses', async () => {
  renderItem('/catalog/nextcloud', [{ name: 'nextcloud' }, { name: 'Files' }]);
  await userEvent.click(await screen.findByRole('button', { name: 'Install' }));
  const dialog = await screen.findByRole('dialog', { name: 'Install Nextcloud' });
  expect(await within(dialog).findByDisplayValue('nextcloud-2')).toBeInTheDocument();
  expect(within(dialog).getByLabelText('Version')).toHaveValue('29.0.1');
  expect(within(dialog).getByLabelText('Version')).toHaveAttribute('readonly');
  const name = within(dialog).getByLabelText('Application Name');
  await userEvent.clear(name);
  await userEvent.type(name, 'FILES');
  expect(within(dialog).getByText('An app with this name already exists')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Install' })).toBeDisabled();
});

test('an unknown item says it was not found', async () => {
  renderItem('/catalog/nope');
  expect(await screen.findByText('App not found')).toBeInTheDocument();
  expect(
    screen.getByText('The requested application could not be found in the catalog.'),
  ).toBeInTheDocument();
});

test('a failed install shows its first line in the dialog, and its full output one click away', async () => {
  const { fetchMock } = renderCatalogPage(<CatalogItemPage />, {
    route: '/catalog/nextcloud',
    path: '/catalog/:appName',
    agent: agentOn('free'),
    items: [nextcloud],
    answers: {
      '/api/v1/catalog/install-app': {
        status: 502,
        body: {
          success: false,
          message:
            'Service app: the image nextcloud:29.0.1 cannot be pulled (the registry cannot be reached from the server). docker compose up failed (exit 1): no such host. The app was not created and nothing of it was left on the server.',
          operation_id: 'op-install',
        },
      },
      '/api/v1/apps/get-deploy-output': {
        body: {
          success: true,
          message: 'OK',
          data: { output: '$ docker compose up -d\nPulling app ... no such host' },
        },
      },
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Install' }));
  const dialog = await screen.findByRole('dialog', { name: 'Install Nextcloud' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Install' }));
  const block = await within(dialog).findByTestId('deploy-failure');
  expect(
    within(block).getByText(
      'Service app: the image nextcloud:29.0.1 cannot be pulled (the registry cannot be reached from the server).',
    ),
  ).toBeInTheDocument();
  await userEvent.click(within(block).getByRole('button', { name: 'Show full output' }));
  expect(await within(block).findByLabelText('Deploy output')).toHaveTextContent(
    'Pulling app ... no such host',
  );
  const read = fetchMock.mock.calls
    .map(([url]) => new URL(url as string))
    .find((url) => url.pathname === '/api/v1/apps/get-deploy-output')!;
  expect(read.searchParams.get('deploy_id')).toBe('op-install');
});
