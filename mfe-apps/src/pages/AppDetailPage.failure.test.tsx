// The error block of a failed deploy on the app page (issue 14): the short first line, the full
// compose output one click away (read only then, copyable) and the link to its history entry.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppDetails } from 'shared';
import { recordToasts } from 'shared/src/test-support/api';
import { ok, renderPage } from 'shared/src/test-support/render-page';
import AppDetailPage from './AppDetailPage';

jest.mock('../editor/LazyCodeEditor');

const toasts = recordToasts();
// An edit typed in one test is kept as a draft of the app (drafts.ts): each test starts without one.
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const details: AppDetails = {
  config: {
    id: 'app-1',
    name: 'shop',
    description: null,
    version: null,
    template_id: null,
    extension: null,
    icon: 'Box',
    color: '#38A169',
    files: [{ id: 'f1', filename: 'compose.yml', is_encrypted: false, type: 'user', app_id: 'app-1' }],
    variables: [],
    extension_values: [],
    supported_extensions: [],
  },
  tags: [],
  versions: [],
  files: { f1: 'services:\n  web:\n    build: ./app\n' },
  variables: {},
};

const FIRST_LINE = 'Service web: its image could not be built: step 3/3 (RUN make) failed with exit code 2.';
const MESSAGE = `${FIRST_LINE} docker compose up failed (exit 1): make: *** No rule | Service 'web' failed to build. The app was stopped.`;
const OUTPUT =
  '$ docker compose up -d --remove-orphans\nStep 3/3 : RUN make\nmake: *** No rule to make target';

function renderFailingApp(route = '/app/app-1', output = OUTPUT, answers: object = {}) {
  return renderPage(<AppDetailPage />, {
    route,
    path: '/app/:appId',
    answers: {
      '/api/v1/apps/get-apps': ok({
        apps: [{ id: 'app-1', name: 'shop', icon: 'Box', color: '#38A169', extension: null, status: 5 }],
      }),
      '/api/v1/apps/get-apps-status': ok({ apps: [{ app_id: 'app-1', status: 5 }] }),
      '/api/v1/apps/get-app': ok(details),
      '/api/v1/apps/control-app': {
        status: 502,
        body: { success: false, message: MESSAGE, operation_id: 'op-9' },
      },
      '/api/v1/apps/get-deploy-output': ok({ output }),
      ...answers,
      '/api/v1/apps/get-logs': ok({ logs: { containers: {}, logs: [] } }),
      '/api/v1/apps/get-deploy-history': ok({
        deploys: [
          {
            id: 'op-9',
            action: 'start',
            version: null,
            result: 'failed',
            message: MESSAGE,
            user: 'Ada',
            started_at: Date.UTC(2026, 10, 25, 9, 0, 0),
            duration_ms: 4_000,
            output_chars: OUTPUT.length,
          },
        ],
      }),
    },
  });
}

const outputReads = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls.filter(
    ([url]) => new URL(url as string).pathname === '/api/v1/apps/get-deploy-output',
  );

async function startAndFail() {
  const start = await screen.findByRole('button', { name: 'Start' });
  await waitFor(() => expect(start).toBeEnabled());
  await userEvent.click(start);
  return screen.findByTestId('deploy-failure');
}

test('a failed start shows its first line in the user’s terms, compose’s last lines below it', async () => {
  const { fetchMock } = renderFailingApp();
  const block = await startAndFail();
  // The first line stands on its own, apart from compose's words.
  expect(within(block).getByText(FIRST_LINE)).toBeInTheDocument();
  expect(within(block).getByText(/^docker compose up failed \(exit 1\)/)).toHaveTextContent(
    'The app was stopped.',
  );
  // The full output is read only when asked for.
  expect(outputReads(fetchMock)).toHaveLength(0);
});

test('its full compose output opens with one click and can be copied', async () => {
  const { fetchMock } = renderFailingApp();
  const block = await startAndFail();
  await userEvent.click(within(block).getByRole('button', { name: 'Show full output' }));
  expect(await within(block).findByLabelText('Deploy output')).toHaveTextContent('No rule to make target');
  expect(new URL(outputReads(fetchMock)[0]![0] as string).searchParams.get('deploy_id')).toBe('op-9');
  expect(within(block).getByRole('button', { name: 'Hide full output' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const writeText = jest.fn(async () => undefined);
  Object.assign(navigator, { clipboard: { writeText } });
  await userEvent.click(within(block).getByRole('button', { name: 'Copy output' }));
  expect(await within(block).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
  expect(writeText).toHaveBeenCalledWith(OUTPUT);
});

test('its link opens the History tab at that deploy', async () => {
  renderFailingApp();
  const block = await startAndFail();
  await userEvent.click(within(block).getByRole('link', { name: 'Open in the deploy history' }));
  expect(screen.getByTestId('where')).toHaveTextContent('/app/app-1?tab=history&deploy=op-9');
  const history = await screen.findByRole('tabpanel', { name: 'History' });
  expect(await within(history).findByLabelText('Deploy output')).toHaveTextContent('No rule to make target');
});

test("after a failed deploy the Logs tab shows its containers' last lines, kept from before the rollback", async () => {
  const output = [
    OUTPUT,
    '',
    "Last lines of the failed deploy's containers, before the rollback:",
    'db | FATAL: could not read /data/config',
    'web | waiting for db',
    '',
    '$ docker compose up -d --remove-orphans',
  ].join('\n');
  renderFailingApp('/app/app-1?tab=logs', output);
  const kept = await screen.findByTestId('failed-deploy-logs');
  expect(kept).toHaveTextContent('The last deploy (Start,');
  expect(within(kept).getByLabelText("Last lines of the failed deploy's containers")).toHaveTextContent(
    'db | FATAL: could not read /data/config web | waiting for db',
  );
  expect(within(kept).getByRole('link', { name: 'Open in the deploy history' })).toHaveAttribute(
    'href',
    '/app/app-1?tab=history&deploy=op-9',
  );
});

test('the Logs tab shows nothing more when the failed deploy kept no container lines', async () => {
  renderFailingApp('/app/app-1?tab=logs');
  expect(await screen.findByRole('searchbox', { name: 'Search logs' })).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText(/Loading/)).not.toBeInTheDocument());
  expect(screen.queryByTestId('failed-deploy-logs')).not.toBeInTheDocument();
});

// A failed update: the agent's first line names the service and the image, compose's words follow,
// then what became of the app; the output names the user's files as the user wrote them.
const UPDATE_FIRST_LINE =
  'Service db: the image registry.example.com/shop/db:2 cannot be pulled (no such image or tag).';
const UPDATE_MESSAGE =
  `${UPDATE_FIRST_LINE} docker compose pull failed (exit 1): Pulling db (registry.example.com/shop/db:2)... | ` +
  'ERROR: manifest for registry.example.com/shop/db:2 not found: manifest unknown. ' +
  'The previous version was restored: its files are back and its containers were left as they were.';
const UPDATE_OUTPUT = [
  '$ docker compose --file compose.yml --file config/compose.override.yml pull',
  'Pulling db (registry.example.com/shop/db:2)...',
  'ERROR: manifest for registry.example.com/shop/db:2 not found: manifest unknown',
].join('\n');

test('a failed update (Save) shows the service and image first, what became of the app, and its output with the user’s files', async () => {
  const { fetchMock } = renderFailingApp('/app/app-1', UPDATE_OUTPUT, {
    '/api/v1/apps/update-app': {
      status: 502,
      body: { success: false, message: UPDATE_MESSAGE, operation_id: 'op-12' },
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: /compose\.yml/ }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Content of compose.yml' }), '  db:{enter}');
  const save = screen.getByRole('button', { name: 'Save' });
  await waitFor(() => expect(save).toBeEnabled());
  await userEvent.click(save);

  const block = await screen.findByTestId('deploy-failure');
  expect(within(block).getByText(UPDATE_FIRST_LINE)).toBeInTheDocument();
  expect(within(block).getByText(/^docker compose pull failed \(exit 1\)/)).toHaveTextContent(
    'The previous version was restored: its files are back and its containers were left as they were.',
  );
  expect(outputReads(fetchMock)).toHaveLength(0);
  await userEvent.click(within(block).getByRole('button', { name: 'Show full output' }));
  const output = await within(block).findByLabelText('Deploy output');
  expect(output).toHaveTextContent('--file compose.yml --file config/compose.override.yml pull');
  expect(output).toHaveTextContent('Pulling db (registry.example.com/shop/db:2)');
  expect(new URL(outputReads(fetchMock)[0]![0] as string).searchParams.get('deploy_id')).toBe('op-12');
  expect(within(block).getByRole('link', { name: 'Open in the deploy history' })).toHaveAttribute(
    'href',
    '/app/app-1?tab=history&deploy=op-12',
  );
  // The edit is kept, to fix and save again.
  expect(screen.getByRole('textbox', { name: 'Content of compose.yml' })).toHaveValue(
    `${details.files.f1}  db:\n`,
  );
});

// A failed delete: the app stays, and the block under Delete App says what could not be removed.
// (A container of no app uses the volume: the engine names it by its id.)
const DELETE_MESSAGE =
  'Could not remove volume shop_data: remove shop_data: volume is in use - [4f1c2b9e0d3a]';
const DELETE_OUTPUT = `Stopping and removing the app's containers, networks and volumes\n${DELETE_MESSAGE}`;

test('a failed delete keeps the app and shows under Delete App what could not be removed, with its output', async () => {
  const { fetchMock } = renderFailingApp('/app/app-1?tab=settings', DELETE_OUTPUT, {
    '/api/v1/apps/delete-app': {
      status: 502,
      body: { success: false, message: DELETE_MESSAGE, operation_id: 'op-13' },
    },
  });
  // The Settings tab loads when first opened.
  await userEvent.click(await screen.findByRole('button', { name: 'Delete App' }, { timeout: 8000 }));
  const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Delete App' }));

  const block = await screen.findByTestId('deploy-failure');
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(within(block).getByText(DELETE_MESSAGE)).toBeInTheDocument();
  expect(screen.getByTestId('where')).toHaveTextContent('/app/app-1?tab=settings');
  await userEvent.click(within(block).getByRole('button', { name: 'Show full output' }));
  expect(await within(block).findByLabelText('Deploy output')).toHaveTextContent(
    "Stopping and removing the app's containers, networks and volumes",
  );
  expect(new URL(outputReads(fetchMock)[0]![0] as string).searchParams.get('deploy_id')).toBe('op-13');
  expect(within(block).getByRole('link', { name: 'Open in the deploy history' })).toHaveAttribute(
    'href',
    '/app/app-1?tab=history&deploy=op-13',
  );
});

// Every control that fails (issue 35): the spec's toast, and the cause on the page with its output
// and history entry one click away, as for a failed create. Each row is a real cause the agent names.
const controlFailures: [button: string, toast: string, firstLine: string, said: string][] = [
  [
    'Update',
    'Failed to update the app. Please try again.',
    'Service web: the image registry.example.com/shop/web:2 cannot be pulled (no such image or tag).',
    'docker compose pull failed (exit 1): ERROR: manifest for registry.example.com/shop/web:2 not found: manifest unknown. The app kept running as it was.',
  ],
  [
    'Restart',
    'Failed to restart the app. Please try again.',
    'A port the app publishes (8080) is already in use on the server.',
    'docker compose restart failed (exit 1): Bind for 0.0.0.0:8080 failed: port is already allocated. The app was stopped.',
  ],
  [
    'Stop',
    'Failed to stop the app. Please try again.',
    'Service web: its container could not be stopped.',
    'docker compose stop failed (exit 1): Error response from daemon: cannot stop container: permission denied. The app is still running.',
  ],
  [
    'Deploy',
    'Failed to deploy the app. Please try again.',
    'Service web: the image registry.example.com/shop/web:2 cannot be pulled (no such image or tag).',
    'docker compose up failed (exit 1): ERROR: manifest unknown. The app was stopped.',
  ],
];

test.each(controlFailures)(
  'a failed %s gives the spec’s toast, and its cause, output and history entry on the page',
  async (button, toast, firstLine, said) => {
    const output = `$ docker compose ${button.toLowerCase()}\n${said}`;
    const { fetchMock } = renderFailingApp('/app/app-1', output, {
      '/api/v1/apps/get-apps-status': ok({ apps: [{ app_id: 'app-1', status: 1 }] }),
      '/api/v1/apps/control-app': {
        status: 502,
        body: { success: false, message: `${firstLine} ${said}`, operation_id: 'op-21' },
      },
    });
    const control = await screen.findByRole('button', { name: button });
    await waitFor(() => expect(control).toBeEnabled());
    await userEvent.click(control);

    const block = await screen.findByTestId('deploy-failure', {}, { timeout: 5000 });
    expect(toasts.calls).toHaveBeenCalledWith({ title: 'Error', description: toast, status: 'error' });
    expect(within(block).getByText(firstLine)).toBeInTheDocument();
    expect(within(block).getByText(said)).toBeInTheDocument();
    await userEvent.click(within(block).getByRole('button', { name: 'Show full output' }));
    expect(await within(block).findByLabelText('Deploy output')).toHaveTextContent(said);
    expect(new URL(outputReads(fetchMock)[0]![0] as string).searchParams.get('deploy_id')).toBe('op-21');
    expect(within(block).getByRole('link', { name: 'Open in the deploy history' })).toHaveAttribute(
      'href',
      '/app/app-1?tab=history&deploy=op-21',
    );
  },
);
