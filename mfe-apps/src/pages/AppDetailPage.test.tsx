import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppDetails } from 'shared';
import { recordToasts } from 'shared/src/test-support/api';
import { ok, postsOf, testServer } from 'shared/src/test-support/render-page';
import { renderAppDetail } from './render-app-detail';

jest.mock('../editor/LazyCodeEditor');

const details = (version = '1.0.0'): AppDetails => ({
  config: {
    id: 'app-1',
    name: 'gitea',
    description: 'Git hosting',
    version,
    template_id: 'gitea',
    extension: null,
    icon: 'GitBranch',
    color: '#38A169',
    files: [
      { id: 'tpl-file', filename: 'compose.yml', is_encrypted: false, type: 'inherited', app_id: null },
    ],
    variables: [{ id: 'tpl-var', name: 'HTTP_PORT', is_encrypted: false, type: 'inherited', app_id: null }],
    extension_values: [],
    supported_extensions: [],
  },
  tags: [{ name: '1.0.0' }],
  versions: [
    { name: '1.1.0', breaking_changes: false },
    { name: '1.0.0', breaking_changes: false },
  ],
  files: { 'tpl-file': `services:\n  web:\n    image: gitea:${version}\n` },
  variables: { 'tpl-var': '3000' },
});

const catalogEntry = ok([
  {
    id: 'gitea',
    name: 'Gitea',
    homepage_url: 'https://gitea.io',
    repository_url: null,
    documentation_url: 'https://docs.gitea.com',
    license: 'MIT',
    license_url: null,
    logo: 'gitea.svg',
  },
]);

const toasts = recordToasts();
beforeEach(() => sessionStorage.clear());

function renderDetail(options: Parameters<typeof renderAppDetail>[1] = {}) {
  return renderAppDetail(details(), {
    ...options,
    answers: { '/api/v1/catalog/get-apps': catalogEntry, ...options.answers },
  });
}

test('shows the app: icon tile, name, description, status, version and the About card', async () => {
  renderDetail();
  expect(await screen.findByRole('heading', { name: 'gitea' })).toBeInTheDocument();
  expect(screen.getByText('Git hosting')).toBeInTheDocument();
  expect(screen.getByTestId('app-icon-tile').querySelector('svg')).toHaveAttribute('data-icon', 'GitBranch');
  expect(await screen.findByRole('img', { name: 'gitea logo' })).toHaveAttribute(
    'src',
    'http://dock.test/catalog-assets/gitea.svg',
  );
  await waitFor(() => expect(screen.getByTestId('app-status')).toHaveTextContent('Active'));
  expect(screen.getByRole('combobox', { name: 'Version' })).toHaveValue('1.0.0');
  const about = screen.getByLabelText('About');
  // Shown on wide screens only (hidden in jsdom's narrow default), hence hidden: true.
  expect(within(about).getByRole('link', { name: 'Homepage', hidden: true })).toHaveAttribute(
    'href',
    'https://gitea.io',
  );
  expect(within(about).queryByRole('link', { name: 'Repository', hidden: true })).not.toBeInTheDocument();
  expect(within(about).getByText(/MIT/)).toBeInTheDocument();
});

test('an unknown app and a failed load say so', async () => {
  const { view } = renderDetail({ route: '/app/nope' });
  expect(await screen.findByText('App not found: nope')).toBeInTheDocument();
  view.unmount();
  renderDetail({
    answers: { '/api/v1/apps/get-app': { status: 500, body: { success: false, message: 'boom' } } },
  });
  expect(await screen.findByText('Error loading app details: boom')).toBeInTheDocument();
});

test("an active app can stop but not start; stopping says 'App stopped' and holds the controls through the transition", async () => {
  const { fetchMock } = renderDetail({
    answers: { '/api/v1/apps/control-app': ok({ app_id: 'app-1', status: 5, operation: 'stop' }) },
  });
  await waitFor(() => expect(screen.getByTestId('app-status')).toHaveTextContent('Active'));
  expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled();
  await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
  await waitFor(() => expect(toasts.calls).toHaveBeenCalledWith({ title: 'App stopped', status: 'success' }));
  expect(postsOf(fetchMock).find((call) => call.path === '/api/v1/apps/control-app')?.body).toEqual({
    app_id: 'app-1',
    action: 'stopped',
    operation: 'stop',
  });
  // The transition window keeps every control off until a fresh status arrives.
  expect(screen.getByRole('button', { name: 'Restart' })).toBeDisabled();
});

test('a failed control says which one failed', async () => {
  renderDetail({
    answers: { '/api/v1/apps/control-app': { status: 500, body: { success: false, message: 'agent gone' } } },
  });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Restart' })).toBeEnabled());
  await userEvent.click(screen.getByRole('button', { name: 'Restart' }));
  await waitFor(() =>
    expect(toasts.calls).toHaveBeenCalledWith({
      title: 'Error',
      description: 'Failed to restart the app. Please try again.',
      status: 'error',
    }),
  );
});

test('an offline server disables the controls and says why', async () => {
  renderDetail({ online: false });
  expect(
    await screen.findByText('The server is offline. Interactions with this app are disabled.'),
  ).toBeInTheDocument();
  expect(screen.getByTestId('app-status')).toHaveTextContent('Unknown');
  expect(screen.queryByText('Waiting...')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Stop' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
});

test('a server whose Docker does not answer: status Unknown (not the last Active), controls off, and why', async () => {
  renderDetail({ dockerResponding: false });
  expect(
    await screen.findByText(
      'Docker is not responding on this server. Interactions with this app are disabled until it answers again.',
    ),
  ).toBeInTheDocument();
  expect(screen.getByTestId('app-status')).toHaveTextContent('Unknown');
  for (const name of ['Start', 'Stop', 'Restart', 'Update'])
    expect(screen.getByRole('button', { name })).toBeDisabled();
  expect(screen.queryByText('The server is offline. Interactions with this app are disabled.')).toBeNull();
});

test('choosing another version loads it, shows the Viewing badge and the Version Loaded toast', async () => {
  const { fetchMock } = renderDetail();
  const picker = await screen.findByRole('combobox', { name: 'Version' });
  fetchMock.mockImplementationOnce(async (url: string) => {
    expect(new URL(url).searchParams.get('version')).toBe('1.1.0');
    return {
      ok: true,
      status: 200,
      statusText: '',
      json: async () => ({ success: true, message: 'OK', data: details('1.1.0') }),
    };
  });
  await userEvent.selectOptions(picker, '1.1.0');
  expect(await screen.findByText('Viewing 1.1.0')).toBeInTheDocument();
  expect(toasts.calls).toHaveBeenCalledWith(expect.objectContaining({ title: 'Version Loaded' }));
  // The app still runs 1.0.0: the picker says so, and choosing it goes back.
  expect(screen.getByRole('option', { name: '1.0.0 (current)' })).toBeInTheDocument();
  await userEvent.selectOptions(picker, '1.0.0');
  expect(screen.queryByText(/^Viewing /)).not.toBeInTheDocument();
});

test('the Settings tab renames the app, changes its icon and deletes it after Are you sure?', async () => {
  const { fetchMock } = renderDetail({
    answers: {
      '/api/v1/apps/update-app-name': ok({ name: 'forge' }, 'App renamed'),
      '/api/v1/apps/update-app-icon': ok({ icon: 'Database', color: '#38A169' }, 'Icon updated'),
      '/api/v1/apps/delete-app': ok(null, 'App deleted'),
    },
  });
  await userEvent.click(await screen.findByRole('tab', { name: 'Settings' }));
  const name = await screen.findByLabelText('App name');
  await userEvent.clear(name);
  await userEvent.type(name, '1bad');
  expect(
    screen.getByText('App name must start with a letter and contain only letters, numbers, and hyphens'),
  ).toBeInTheDocument();
  const nameForm = name.closest('form')!;
  expect(within(nameForm).getByRole('button', { name: 'Update' })).toBeDisabled();
  await userEvent.clear(name);
  await userEvent.type(name, 'forge{Enter}');
  await waitFor(() => expect(toasts.calls).toHaveBeenCalledWith({ title: 'App renamed', status: 'success' }));

  await userEvent.click(screen.getByRole('button', { name: 'Change Icon' }));
  const picker = await screen.findByRole('dialog', { name: 'Select an Icon' });
  await userEvent.type(within(picker).getByLabelText('Search icons'), 'data');
  await userEvent.click(within(picker).getByRole('button', { name: 'Database' }));
  await userEvent.click(within(picker).getByRole('button', { name: 'Select' }));
  await waitFor(() =>
    expect(toasts.calls).toHaveBeenCalledWith({ title: 'Icon updated', status: 'success' }),
  );

  await userEvent.click(screen.getByRole('button', { name: 'Delete App' }));
  const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Delete App' }));
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
  const posts = postsOf(fetchMock);
  expect(posts.find((call) => call.path === '/api/v1/apps/update-app-name')?.body).toEqual({
    app_id: 'app-1',
    agent_id: 'agent-1',
    name: 'forge',
  });
  expect(posts.find((call) => call.path === '/api/v1/apps/update-app-icon')?.body).toMatchObject({
    icon: 'Database',
  });
  expect(posts.find((call) => call.path === '/api/v1/apps/delete-app')?.body).toEqual({
    app_id: 'app-1',
    keep_volumes: false,
  });
});

test('Are you sure? lists what a delete removes, and keeping the data volumes is the user’s choice', async () => {
  const { fetchMock } = renderDetail({
    answers: { '/api/v1/apps/delete-app': ok(null, 'App deleted') },
  });
  await userEvent.click(await screen.findByRole('tab', { name: 'Settings' }));
  await userEvent.click(screen.getByRole('button', { name: 'Delete App' }));
  const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
  const removed = () =>
    within(within(confirm).getByRole('list', { name: 'What is removed' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
  expect(removed()).toEqual([
    'its containers',
    'its networks',
    'its named volumes, with the data in them',
    'the images built for the app',
  ]);
  const keep = within(confirm).getByRole('checkbox', { name: 'Keep data volumes' });
  expect(keep).not.toBeChecked();
  await userEvent.click(keep);
  expect(removed()).toEqual(['its containers', 'its networks', 'the images built for the app']);
  expect(confirm).toHaveTextContent('Its named volumes stay on the server.');
  await userEvent.click(within(confirm).getByRole('button', { name: 'Delete App' }));
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
  expect(postsOf(fetchMock).find((call) => call.path === '/api/v1/apps/delete-app')?.body).toEqual({
    app_id: 'app-1',
    keep_volumes: true,
  });
});

test('the Editor tab saves an override as a user file and deploys', async () => {
  const { fetchMock } = renderDetail({
    answers: {
      '/api/v1/apps/update-app': ok({ id: 'app-1' }, 'App updated'),
      '/api/v1/apps/control-app': ok({ app_id: 'app-1', status: 1, operation: 'redeploy' }),
    },
  });
  const save = await screen.findByRole('button', { name: 'Save' });
  expect(save).toBeDisabled();
  await userEvent.click(
    within(screen.getByRole('group', { name: 'Variable #1' })).getByRole('button', { name: 'Override' }),
  );
  await userEvent.click(save);
  await waitFor(() =>
    expect(toasts.calls).toHaveBeenCalledWith({
      title: 'Success',
      description: 'App updated',
      status: 'success',
    }),
  );
  const update = postsOf(fetchMock).find((call) => call.path === '/api/v1/apps/update-app')!;
  const sentVariables = (update.body.config as { variables: { name: string; type: string }[] }).variables;
  expect(sentVariables).toEqual([expect.objectContaining({ name: 'HTTP_PORT', type: 'user' })]);

  await userEvent.click(screen.getByRole('button', { name: 'Deploy' }));
  await waitFor(() =>
    expect(toasts.calls).toHaveBeenCalledWith({ title: 'App redeployed', status: 'success' }),
  );
});

test('on a Free server the version picker locks releases that need Pro, as the install dialog does', async () => {
  const freeDetails = {
    ...details(),
    tags: [{ name: '1.0.0' }],
    versions: [
      { name: '1.2.0', breaking_changes: true },
      { name: '1.1.0', breaking_changes: false },
      { name: '1.0.0', breaking_changes: false },
      { name: '0.9.0', breaking_changes: false },
    ],
  };
  renderDetail({
    agent: testServer({ subscription_status: 'free' }),
    answers: { '/api/v1/apps/get-app': ok(freeDetails) },
  });
  const picker = await screen.findByRole('combobox', { name: 'Version' });
  expect(
    within(picker)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['1.2.0 (Pro 🔒) – breaking changes', '1.1.0 (Pro 🔒)', '1.0.0 (current)']);
  expect(screen.getByRole('option', { name: '1.1.0 (Pro 🔒)' })).toBeDisabled();
  expect(screen.getByRole('option', { name: '1.0.0 (current)' })).toBeEnabled();
  expect(
    screen.getByText('More version releases are available with a Pro subscription.'),
  ).toBeInTheDocument();
});

test('tabs have addresses: a link opens Logs, choosing Settings adds ?tab=settings, back returns', async () => {
  renderDetail({ route: '/app/app-1?tab=logs' });
  const logs = await screen.findByRole('tab', { name: 'Logs' });
  expect(logs).toHaveAttribute('aria-selected', 'true');
  await userEvent.click(screen.getByRole('tab', { name: 'Settings' }));
  expect(screen.getByTestId('where')).toHaveTextContent('/app/app-1?tab=settings');
  expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
  await userEvent.click(screen.getByTestId('back'));
  expect(screen.getByTestId('where')).toHaveTextContent('/app/app-1?tab=logs');
  expect(screen.getByRole('tab', { name: 'Logs' })).toHaveAttribute('aria-selected', 'true');
});

test('an unknown ?tab= opens the Editor', async () => {
  renderDetail({ route: '/app/app-1?tab=nonsense' });
  expect(await screen.findByRole('tab', { name: 'Editor' })).toHaveAttribute('aria-selected', 'true');
});

test('saving from the keyboard (Ctrl+S) with a validation error says to fix it and saves nothing; fixed, it saves', async () => {
  const { fetchMock } = renderDetail({
    answers: { '/api/v1/apps/update-app': ok({ id: 'app-1' }, 'App updated') },
  });
  await screen.findByRole('button', { name: 'Save' });
  await userEvent.click(screen.getByRole('button', { name: 'Add Variable' }));
  const name = screen.getByRole('textbox', { name: 'Variable #2 name' });
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  await userEvent.click(name);
  await userEvent.keyboard('{Control>}s{/Control}');
  expect(toasts.calls).toHaveBeenCalledWith({
    title: 'Validation Error',
    description: 'Please fix the validation errors before saving.',
    status: 'error',
  });
  expect(postsOf(fetchMock).some((call) => call.path === '/api/v1/apps/update-app')).toBe(false);

  await userEvent.type(name, 'ADMIN_EMAIL{Enter}');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
  await userEvent.type(screen.getByRole('textbox', { name: 'Variable #2 value' }), 'ops@example.com');
  await userEvent.keyboard('{Control>}s{/Control}');
  await waitFor(() =>
    expect(toasts.calls).toHaveBeenCalledWith({
      title: 'Success',
      description: 'App updated',
      status: 'success',
    }),
  );
});

test('a stopped app that its server cannot start says so', async () => {
  renderDetail({
    answers: {
      '/api/v1/apps/get-apps-status': ok({ apps: [{ app_id: 'app-1', status: 5 }] }),
      '/api/v1/apps/control-app': {
        status: 502,
        body: { success: false, message: 'Bind for 0.0.0.0:3000 failed: port is already allocated' },
      },
    },
  });
  await waitFor(() => expect(screen.getByTestId('app-status')).toHaveTextContent('Stopped'));
  await userEvent.click(screen.getByRole('button', { name: 'Start' }));
  await waitFor(() =>
    expect(toasts.calls).toHaveBeenCalledWith({
      title: 'Error',
      description: 'Failed to start the app. Please try again.',
      status: 'error',
    }),
  );
  // The controls come back once the failed start settles: the user can try again.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Start' })).toBeEnabled(), {
    timeout: 20_000,
  });
}, 30_000);

test('the Editor tab names the compose files and profiles in use, or why the app cannot run', async () => {
  renderDetail({
    answers: {
      '/api/v1/apps/get-app': ok({
        ...details(),
        compose: { files: ['compose.yml', 'compose.override.yml'], profiles: ['debug'], error: null },
      }),
    },
  });
  expect(await screen.findByTestId('compose-in-use')).toHaveTextContent(
    'Compose files in use: compose.yml, compose.override.yml · Profiles: debug',
  );
});

test('an app whose COMPOSE_FILE names a missing file shows the refusal instead of files in use', async () => {
  const error = 'COMPOSE_FILE names compose.prod.yml, which is not a file of this app';
  renderDetail({
    answers: { '/api/v1/apps/get-app': ok({ ...details(), compose: { files: [], profiles: [], error } }) },
  });
  expect(await screen.findByRole('alert')).toHaveTextContent(error);
  expect(screen.queryByTestId('compose-in-use')).toBeNull();
});

const runningRedeploy = {
  '/api/v1/apps/get-deploy-progress': ok({
    deploy: {
      id: 'op-9',
      action: 'redeploy',
      version: null,
      started_at: Date.now() - 65_000,
      elapsed_ms: 65_000,
      progress: { step: 'starting', cancelled: false, images: [], builds: [], services: [] },
    },
  }),
};

test('opening the page while a deploy runs (started elsewhere, or before a reload) shows it running', async () => {
  renderDetail({ answers: runningRedeploy });
  const panel = await screen.findByRole('region', { name: 'Deploy in progress' });
  expect(panel).toHaveTextContent('Redeploy');
  expect(panel).toHaveTextContent(/Starting services · 1 min 0[56] s/);
  expect(within(panel).getByRole('button', { name: 'Cancel deploy' })).toBeEnabled();
});

test('a billing member sees the running deploy but no Cancel deploy (the server refuses it with 403)', async () => {
  renderDetail({ answers: runningRedeploy, role: 'billing' });
  const panel = await screen.findByRole('region', { name: 'Deploy in progress' }, { timeout: 8000 });
  expect(panel).toHaveTextContent(/Starting services/);
  expect(within(panel).queryByRole('button', { name: 'Cancel deploy' })).toBeNull();
});

test('an admin may cancel a running deploy', async () => {
  renderDetail({ answers: runningRedeploy, role: 'admin' });
  const panel = await screen.findByRole('region', { name: 'Deploy in progress' }, { timeout: 8000 });
  expect(within(panel).getByRole('button', { name: 'Cancel deploy' })).toBeEnabled();
});
