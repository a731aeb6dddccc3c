import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeployHistoryEntry } from 'shared';
import { ok, renderPage } from 'shared/src/test-support/render-page';
import { HistoryTab } from './HistoryTab';

const STARTED = Date.UTC(2026, 10, 25, 9, 30, 0);
const entry = (
  fields: Partial<DeployHistoryEntry> & Pick<DeployHistoryEntry, 'id' | 'action'>,
): DeployHistoryEntry => ({
  version: '1.21',
  result: 'succeeded',
  message: null,
  user: 'Hanna History',
  started_at: STARTED,
  duration_ms: 2_480,
  output_chars: 40,
  ...fields,
});
const deploys = [
  entry({
    id: 'op-3',
    action: 'redeploy',
    result: 'failed',
    message: 'Service web: the image gitea/gitea:9.9 cannot be pulled (not found).',
  }),
  entry({ id: 'op-2', action: 'version', duration_ms: 65_000 }),
  entry({ id: 'op-1', action: 'install', version: '1.20', user: null }),
];
const OUTPUT = '$ docker compose up -d --remove-orphans\nError response from daemon: manifest unknown';

function renderHistory(route = '/app/app-1?tab=history') {
  return renderPage(<HistoryTab agentId="agent-1" appId="app-1" />, {
    route,
    path: '/app/:appId',
    answers: {
      '/api/v1/apps/get-deploy-history': ok({ deploys }),
      '/api/v1/apps/get-deploy-output': ok({ output: OUTPUT }),
    },
  });
}

const outputCalls = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(url as string))
    .filter((url) => url.pathname === '/api/v1/apps/get-deploy-output')
    .map((url) => url.searchParams.get('deploy_id'));

test('lists each deploy newest first: action, version, result, who, duration and why it failed', async () => {
  const { fetchMock } = renderHistory();
  const rows = await screen.findAllByTestId('deploy-entry');
  expect(rows.map((row) => within(row).getAllByText(/./)[0]!.textContent)).toEqual([
    'Redeploy',
    'Version change',
    'Install',
  ]);
  expect(within(rows[0]!).getByText('Failed')).toBeInTheDocument();
  expect(within(rows[0]!).getByText(/cannot be pulled \(not found\)/)).toBeInTheDocument();
  expect(within(rows[0]!).getByText(/by Hanna History · 2\.5 s$/)).toBeInTheDocument();
  expect(within(rows[1]!).getByText('Succeeded')).toBeInTheDocument();
  expect(within(rows[1]!).getByText(/1 min 05 s$/)).toBeInTheDocument();
  expect(within(rows[2]!).getByText('1.20')).toBeInTheDocument();
  expect(within(rows[2]!).queryByText(/ by /)).not.toBeInTheDocument();
  // Outputs are read only when an entry is opened.
  expect(outputCalls(fetchMock)).toEqual([]);
});

test('opening an entry shows its full output, which can be copied', async () => {
  const { fetchMock } = renderHistory();
  await userEvent.click(await screen.findByRole('button', { name: /Version change/ }));
  expect(await screen.findByLabelText('Deploy output')).toHaveTextContent('manifest unknown');
  expect(outputCalls(fetchMock)).toEqual(['op-2']);
  const writeText = jest.fn(async () => undefined);
  Object.assign(navigator, { clipboard: { writeText } });
  await userEvent.click(await screen.findByRole('button', { name: 'Copy output' }, { timeout: 5000 }));
  expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
});

test("a failed deploy's link (?deploy=) opens that entry with its output", async () => {
  const { fetchMock } = renderHistory('/app/app-1?tab=history&deploy=op-3');
  expect(await screen.findByLabelText('Deploy output')).toHaveTextContent(OUTPUT.split('\n')[1]!);
  await waitFor(() => expect(outputCalls(fetchMock)).toEqual(['op-3']));
});

test('an app without deploys says so', async () => {
  renderPage(<HistoryTab agentId="agent-1" appId="app-1" />, {
    route: '/app/app-1',
    path: '/app/:appId',
    answers: { '/api/v1/apps/get-deploy-history': ok({ deploys: [] }) },
  });
  expect(await screen.findByText('No deploys recorded yet.')).toBeInTheDocument();
});
