import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { recordToasts, type ApiAnswer } from 'shared/src/test-support/api';
import { NEW_APP_DRAFT_KEY } from '../drafts';
import { ok, postsOf, renderPage } from 'shared/src/test-support/render-page';
import CreateAppPage, { NAVIGATE_AFTER_CREATE_MS } from './CreateAppPage';

jest.mock('../editor/LazyCodeEditor');

const answers = {
  '/api/v1/apps/get-apps': ok({
    apps: [{ id: 'x', name: 'taken', icon: 'Package', color: '#000000', extension: null, status: 1 }],
  }),
  '/api/v1/apps/create-app': ok({ id: 'new-app' }, 'App created'),
};

const toasts = recordToasts();
beforeEach(() => sessionStorage.clear());

function renderCreate() {
  return renderPage(<CreateAppPage />, { route: '/create-app', path: '/create-app', answers });
}

async function writeCompose() {
  // A new file opens in the editor at once.
  await userEvent.click(screen.getByRole('button', { name: 'Add File' }));
  await userEvent.type(screen.getByLabelText('Content of compose.yml'), 'services: {{}');
}

test('creates the app from its name and files, then goes home after 100 ms', async () => {
  const { fetchMock } = renderCreate();
  const create = screen.getByRole('button', { name: 'Create' });
  expect(create).toBeDisabled();
  await userEvent.type(screen.getByLabelText(/App Name/), 'taken');
  expect(await screen.findByText('An app with this name already exists')).toBeInTheDocument();
  expect(create).toBeDisabled();
  await userEvent.clear(screen.getByLabelText(/App Name/));
  await userEvent.type(screen.getByLabelText(/App Name/), 'my-web');
  await writeCompose();
  jest.useFakeTimers({ advanceTimers: true });
  await userEvent.click(create);
  await waitFor(() =>
    expect(toasts.calls).toHaveBeenCalledWith({
      title: 'Success',
      description: 'App created',
      status: 'success',
    }),
  );
  const body = postsOf(fetchMock).find((call) => call.path === '/api/v1/apps/create-app')!.body as {
    config: { name: string; files: { id: string; filename: string }[] };
    files: Record<string, string>;
  };
  expect(body.config.name).toBe('my-web');
  expect(body.config.files.map((file) => file.filename)).toEqual(['compose.yml']);
  expect(Object.values(body.files)).toEqual(['services: {}']);
  expect(screen.getByTestId('where')).toHaveTextContent('/create-app');
  act(() => jest.advanceTimersByTime(NAVIGATE_AFTER_CREATE_MS));
  expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  expect(sessionStorage.getItem(NEW_APP_DRAFT_KEY)).toBeNull();
  jest.useRealTimers();
});

test('keeps the unsaved draft in session storage across a reload, and Discard All Changes drops it', async () => {
  const first = renderCreate();
  await userEvent.type(screen.getByLabelText(/App Name/), 'draft-app');
  await writeCompose();
  expect(sessionStorage.getItem(NEW_APP_DRAFT_KEY)).toContain('draft-app');
  first.view.unmount();

  renderCreate();
  expect(screen.getByLabelText(/App Name/)).toHaveValue('draft-app');
  expect(screen.getByRole('button', { name: /compose\.yml/ })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Discard All Changes' }));
  expect(screen.getByLabelText(/App Name/)).toHaveValue('');
  expect(screen.queryByRole('button', { name: /compose\.yml/ })).not.toBeInTheDocument();
  expect(sessionStorage.getItem(NEW_APP_DRAFT_KEY)).toBeNull();
});

test('a secret value typed into the draft is never written to session storage', async () => {
  renderCreate();
  await userEvent.type(screen.getByLabelText(/App Name/), 'with-secret');
  await userEvent.click(screen.getByRole('button', { name: 'Add Variable' }));
  await userEvent.type(screen.getByLabelText('Variable #1 name'), 'API_TOKEN{Enter}');
  await userEvent.type(screen.getByLabelText('Variable #1 value'), 'super-secret-value');
  await userEvent.click(screen.getByRole('button', { name: 'Mark secret' }));
  const stored = sessionStorage.getItem(NEW_APP_DRAFT_KEY) ?? '';
  expect(stored).toContain('API_TOKEN');
  expect(stored).not.toContain('super-secret-value');
  // The page itself keeps it until the app is created.
  expect(screen.getByLabelText('Variable #1 value')).toHaveValue('super-secret-value');
});

test('an empty app name says it is required once the user leaves the field or works on the app', async () => {
  renderCreate();
  // A page just opened is not scolded.
  expect(screen.queryByText('App name is required')).not.toBeInTheDocument();
  await userEvent.click(screen.getByLabelText(/App Name/));
  await userEvent.tab();
  expect(screen.getByText('App name is required')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
  await userEvent.type(screen.getByLabelText(/App Name/), 'named');
  expect(screen.queryByText('App name is required')).not.toBeInTheDocument();
  await userEvent.clear(screen.getByLabelText(/App Name/));
  expect(screen.getByText('App name is required')).toBeInTheDocument();
});

test('writing files without naming the app shows that the name is required', async () => {
  renderCreate();
  await writeCompose();
  expect(screen.getByText('App name is required')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
});

test('a new app can be created exposed on a host port: the app itself is named as the provider', async () => {
  const { fetchMock } = renderCreate();
  await userEvent.type(screen.getByLabelText(/App Name/), 'my-web');
  await writeCompose();
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Expose' }), 'Expose Port');
  await userEvent.type(screen.getByLabelText('Service'), 'web');
  await userEvent.type(screen.getByLabelText('Host port'), '8081');
  await userEvent.click(screen.getByRole('button', { name: 'Create' }));
  await waitFor(() =>
    expect(postsOf(fetchMock).some((call) => call.path === '/api/v1/apps/create-app')).toBe(true),
  );
  const body = postsOf(fetchMock).find((call) => call.path === '/api/v1/apps/create-app')!.body as {
    config: {
      extension_values: unknown[];
      supported_extensions: unknown[];
      variables: { id: string; name: string }[];
    };
    variables: Record<string, string>;
  };
  expect(body.config.extension_values).toEqual([{ extension: 'expose', extension_app_id: 'self' }]);
  expect(body.config.supported_extensions).toEqual([{ extension: 'expose', service: 'web', port: 80 }]);
  const hostPort = body.config.variables.find((variable) => variable.name === 'EXPOSE_HOST_PORT');
  expect(body.variables[hostPort!.id]).toBe('8081');
});

test("a kept draft exposed through a proxy: while the server's apps load its selector says so, not None", async () => {
  const proxy = {
    id: 'proxy-1',
    name: 'caddy',
    icon: 'Globe',
    color: '#3182CE',
    extension: 'expose',
    status: 1,
  };
  const withProxy = { '/api/v1/apps/get-apps': ok({ apps: [proxy] }) };
  const first = renderPage(<CreateAppPage />, {
    route: '/create-app',
    path: '/create-app',
    answers: { ...answers, ...withProxy },
  });
  await userEvent.type(screen.getByLabelText(/App Name/), 'my-web');
  await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Expose' }), 'Expose via caddy');
  first.view.unmount();

  let listApps = (_body: unknown) => undefined as void;
  renderPage(<CreateAppPage />, {
    route: '/create-app',
    path: '/create-app',
    answers: {
      ...answers,
      '/api/v1/apps/get-apps': { body: new Promise((resolve) => (listApps = resolve)) },
    },
  });
  const loading = await screen.findByRole('combobox', { name: 'Expose' });
  expect(loading).toBeDisabled();
  expect(loading).toHaveDisplayValue('Loading apps...');
  expect(within(loading).queryByText('None')).not.toBeInTheDocument();
  listApps(withProxy['/api/v1/apps/get-apps'].body);
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Expose' })).toBeEnabled());
  expect(screen.getByRole('combobox', { name: 'Expose' })).toHaveDisplayValue('Expose via caddy');
});

test('a failed create shows its first line and its full output by deploy id, with no history link (no app was left)', async () => {
  const { fetchMock } = renderPage(<CreateAppPage />, {
    route: '/create-app',
    path: '/create-app',
    answers: {
      ...answers,
      '/api/v1/apps/create-app': {
        status: 502,
        body: {
          success: false,
          message:
            'compose.yml is not valid YAML (line 1, column 11). docker compose config failed (exit 1): expected the node content. The app was not created and nothing of it was left on the server.',
          operation_id: 'op-create',
        },
      },
      '/api/v1/apps/get-deploy-output': ok({ output: '$ docker compose config\nyaml.parser.ParserError' }),
    },
  });
  await userEvent.type(screen.getByLabelText(/App Name/), 'broken');
  await writeCompose();
  await userEvent.click(screen.getByRole('button', { name: 'Create' }));
  const block = await screen.findByTestId('deploy-failure');
  expect(within(block).getByText('compose.yml is not valid YAML (line 1, column 11).')).toBeInTheDocument();
  expect(within(block).queryByRole('link')).not.toBeInTheDocument();
  await userEvent.click(within(block).getByRole('button', { name: 'Show full output' }));
  expect(await within(block).findByLabelText('Deploy output')).toHaveTextContent('ParserError');
  const read = fetchMock.mock.calls
    .map(([url]) => new URL(url as string))
    .find((url) => url.pathname === '/api/v1/apps/get-deploy-output')!;
  expect(read.searchParams.get('deploy_id')).toBe('op-create');
  expect(read.searchParams.has('app_id')).toBe(false);
  // The draft stays to be fixed.
  expect(screen.getByLabelText(/App Name/)).toHaveValue('broken');
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const createIdsSent = (fetchMock: jest.Mock) =>
  postsOf(fetchMock)
    .filter((call) => call.path === '/api/v1/apps/create-app')
    .map((call) => (call.body as { config: { id: string } }).config.id);
const runningCreate = {
  id: 'op-1',
  action: 'create',
  version: null,
  started_at: Date.now(),
  elapsed_ms: 2_000,
  progress: null,
};

test('a failed create is sent again with the same app id, and the running create shows its progress', async () => {
  const failing: Record<string, ApiAnswer> = {
    ...answers,
    '/api/v1/apps/create-app': {
      status: 500,
      body: { success: false, message: 'Service web: the image cannot be pulled' },
    },
    '/api/v1/apps/get-deploy-progress': ok({ deploy: null }),
  };
  const { fetchMock } = renderPage(<CreateAppPage />, {
    route: '/create-app',
    path: '/create-app',
    answers: failing,
  });
  await userEvent.type(screen.getByLabelText(/App Name/), 'retried');
  await writeCompose();
  await userEvent.click(screen.getByRole('button', { name: 'Create' }));
  expect(await screen.findByText('Service web: the image cannot be pulled')).toBeInTheDocument();

  failing['/api/v1/apps/create-app'] = ok({ id: 'ignored' }, 'App created');
  failing['/api/v1/apps/get-deploy-progress'] = ok({ deploy: runningCreate });
  await userEvent.click(screen.getByRole('button', { name: 'Create' }));
  const [first, retry] = createIdsSent(fetchMock);
  expect(first).toMatch(UUID);
  expect(retry).toBe(first);
  const progressOf = fetchMock.mock.calls
    .map(([url]) => new URL(url as string))
    .filter((url) => url.pathname === '/api/v1/apps/get-deploy-progress');
  expect(progressOf.map((url) => url.searchParams.get('app_id'))).toContain(first);
});

test('after a reload the running create shows again, and its end opens home as a create does', async () => {
  const reloaded: Record<string, ApiAnswer> = {
    ...answers,
    '/api/v1/apps/create-app': { status: 502, body: { success: false, message: 'Bad gateway' } },
    '/api/v1/apps/get-deploy-progress': ok({ deploy: null }),
  };
  // The first page sent the create (its answer never reached this page), then was reloaded.
  const first = renderPage(<CreateAppPage />, {
    route: '/create-app',
    path: '/create-app',
    answers: reloaded,
  });
  await userEvent.type(screen.getByLabelText(/App Name/), 'reloaded');
  await writeCompose();
  await userEvent.click(screen.getByRole('button', { name: 'Create' }));
  await screen.findByText('Bad gateway');
  const [appId] = createIdsSent(first.fetchMock);
  first.view.unmount();

  reloaded['/api/v1/apps/get-deploy-progress'] = ok({ deploy: runningCreate });
  renderPage(<CreateAppPage />, { route: '/create-app', path: '/create-app', answers: reloaded });
  expect(await screen.findByRole('region', { name: 'Deploy in progress' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Create' })).toBeInTheDocument();

  reloaded['/api/v1/apps/get-deploy-progress'] = ok({ deploy: null });
  reloaded['/api/v1/apps/get-apps'] = ok({
    apps: [{ id: appId, name: 'reloaded', icon: 'Package', color: '#000000', extension: null, status: 1 }],
  });
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Deploy in progress' })).toBeNull(), {
    timeout: 3_000,
  });
  await waitFor(() =>
    expect(toasts.calls).toHaveBeenCalledWith({
      title: 'Success',
      description: 'App created',
      status: 'success',
    }),
  );
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
  expect(sessionStorage.getItem(NEW_APP_DRAFT_KEY)).toBeNull();
});
