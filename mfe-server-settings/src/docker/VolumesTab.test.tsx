import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryKeys, type Agent } from 'shared';
import { recordToasts, type ApiAnswer } from 'shared/src/test-support/api';
import { ok, renderPage, testServer } from 'shared/src/test-support/render-page';
import ServerSettingsPage from '../pages/ServerSettingsPage';

const toasts = recordToasts();

function renderVolumes({
  agent = testServer(),
  online = true,
  answers = {},
}: { agent?: Agent; online?: boolean; answers?: Record<string, ApiAnswer> } = {}) {
  const rendered = renderPage(<ServerSettingsPage />, {
    route: '/settings?tab=docker-volumes',
    path: '/settings',
    agent,
    online,
    role: 'owner',
    answers,
  });
  rendered.client.setQueryData(queryKeys.agents.list(), [agent]);
  return rendered;
}

const volumes = [
  { name: 'gitea_data', size: 5 * 1024 * 1024, app_id: 'app-1', app_name: 'gitea' },
  { name: 'old_db', size: 1536, app_id: null, app_name: null },
  { name: 'nfs_share', size: null, app_id: null, app_name: null },
];

test('Docker Volumes lists each volume with its size and app; only a volume of no app can be deleted', async () => {
  const { fetchMock } = renderVolumes({
    answers: {
      '/api/v1/volumes/get-volumes': ok({ volumes }),
      '/api/v1/volumes/delete-volume': ok({ name: 'old_db' }, 'Volume deleted successfully'),
    },
  });
  expect(screen.getByRole('tab', { name: 'Docker Volumes' })).toHaveAttribute('aria-selected', 'true');
  const list = await screen.findByRole('list', { name: 'Docker volumes' });
  const row = (name: string) => within(list).getByRole('listitem', { name });
  expect(row('gitea_data')).toHaveTextContent('5 MB · used by app gitea, removed when the app is deleted');
  expect(within(row('gitea_data')).queryByRole('button')).not.toBeInTheDocument();
  expect(row('old_db')).toHaveTextContent('1.5 KB · belongs to no app');
  expect(row('nfs_share')).toHaveTextContent('size not reported · belongs to no app');

  await userEvent.click(within(row('old_db')).getByRole('button', { name: 'Delete old_db' }));
  const confirm = await screen.findByRole('alertdialog', { name: 'Delete volume?' });
  expect(confirm).toHaveTextContent('The volume old_db and the data in it are removed from the server.');
  await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
  await waitFor(() =>
    expect(toasts.calls).toHaveBeenCalledWith(
      expect.objectContaining({ description: 'Volume deleted successfully' }),
    ),
  );
  const deletes = fetchMock.mock.calls.filter(
    ([url]) => new URL(url as string).pathname === '/api/v1/volumes/delete-volume',
  );
  expect(deletes.map(([, init]) => JSON.parse((init as RequestInit).body as string))).toEqual([
    { agent_id: 'agent-1', name: 'old_db' },
  ]);
});

test('Docker Volumes has no add button and says when the server holds none', async () => {
  renderVolumes({ answers: { '/api/v1/volumes/get-volumes': ok({ volumes: [] }) } });
  expect(await screen.findByText('No volumes on this server.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Add|Create/ })).not.toBeInTheDocument();
});

test('Docker Volumes, like the other Docker tabs, says it is not available offline', () => {
  renderVolumes({ online: false });
  expect(
    screen.getByText('Docker Volumes management is not available when the server is offline.'),
  ).toBeInTheDocument();
});

test('Docker Volumes, like the other Docker tabs, says when the agent has the feature off', () => {
  renderVolumes({ agent: testServer({ features: [{ name: 'docker_volumes', is_enabled: false }] }) });
  expect(
    screen.getByText(
      'Docker Volumes management is disabled for this server. The agent may not be updated to the latest version or the feature is turned off.',
    ),
  ).toBeInTheDocument();
});
