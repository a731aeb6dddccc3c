import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eventBus, queryKeys, type Agent, type OrganizationRole } from 'shared';
import { createTestCertificate } from 'shared/src/crypto/test-certificate';
import { recordToasts, type ApiAnswer } from 'shared/src/test-support/api';
import { ok, renderPage, testServer } from 'shared/src/test-support/render-page';
import ServerSettingsPage from './ServerSettingsPage';

const server = (overrides: Partial<Agent> = {}): Agent => testServer(overrides);

interface Setup {
  agent?: Agent | null;
  online?: boolean;
  role?: OrganizationRole;
  route?: string;
  answers?: Record<string, ApiAnswer>;
}

function renderSettings({
  agent = server(),
  online = true,
  role = 'owner',
  route = '/settings',
  answers = {},
}: Setup = {}) {
  const rendered = renderPage(<ServerSettingsPage />, {
    route,
    path: '/settings',
    agent,
    online,
    role,
    answers,
  });
  rendered.client.setQueryData(queryKeys.agents.list(), agent ? [agent] : []);
  return rendered;
}

const toasts = recordToasts();
const callsTo = (fetchMock: jest.Mock, path: string) =>
  fetchMock.mock.calls.filter(([url]) => new URL(url as string).pathname === path);

describe('ServerSettingsPage', () => {
  it('reads the current server from the shared cache without asking the server again', async () => {
    const { fetchMock } = renderSettings();
    expect(await screen.findByText('web-01')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks to pick a server when none is selected', async () => {
    renderSettings({ agent: null });
    expect(
      await screen.findByText(
        'No server selected. Please select a server from the sidebar to access settings.',
      ),
    ).toBeInTheDocument();
  });

  it('refuses users who may not manage the server', () => {
    renderSettings({ role: 'billing' });
    expect(
      screen.getByText('You don’t have permission to manage settings for this server.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('disables the Docker tabs while the server is offline; a link to one says why', () => {
    renderSettings({ online: false, route: '/settings?tab=docker-networks' });
    expect(screen.getByRole('tab', { name: 'Docker Registries' })).toBeDisabled();
    expect(screen.getByRole('tab', { name: 'Docker Networks' })).toBeDisabled();
    expect(
      screen.getByText('Docker Networks management is not available when the server is offline.'),
    ).toBeInTheDocument();
  });

  it('choosing a tab adds a history entry: back returns to the tab the link opened', async () => {
    renderSettings({ route: '/settings?tab=docker-networks' });
    expect(screen.getByRole('tab', { name: 'Docker Networks' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'General' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/settings?tab=general');
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByTestId('back'));
    expect(screen.getByTestId('where')).toHaveTextContent('/settings?tab=docker-networks');
    expect(screen.getByRole('tab', { name: 'Docker Networks' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('General', () => {
  const policy = (hostAccess: boolean, bindRoots: string[]) => [
    { name: 'admission_policy', value: JSON.stringify({ host_access: hostAccess, bind_roots: bindRoots }) },
  ];

  it('shows the admission policy in force read-only, with the host command that changes it', () => {
    renderSettings({ agent: server({ capabilities: policy(false, ['/srv/media', '/srv/backup']) }) });
    const card = screen.getByTestId('admission-policy');
    expect(within(card).getByText(/^Off: privileged containers/)).toBeInTheDocument();
    expect(within(card).getByText('/srv/media, /srv/backup')).toBeInTheDocument();
    expect(within(card).getByText('dockhand-agent policy host-access on')).toBeInTheDocument();
    expect(within(card).getByText('systemctl restart dockhand-agent')).toBeInTheDocument();
    // Each command is an item of its own: no sentence punctuation left on a line after a command.
    const commands = within(card).getByRole('list', { name: 'Commands on the server' });
    expect(
      within(commands)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'dockhand-agent policy show',
      'dockhand-agent policy allow-bind /srv/media',
      'dockhand-agent policy host-access on',
      'systemctl restart dockhand-agent',
    ]);
    expect(card.textContent).not.toMatch(/dockhand-agent\s*\./);
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says when host access is on', () => {
    renderSettings({ agent: server({ capabilities: policy(true, []) }) });
    expect(screen.getByText(/^On: apps may do anything on this server/)).toBeInTheDocument();
    expect(within(screen.getByTestId('admission-policy')).getByText('none')).toBeInTheDocument();
  });

  it('says when an older agent reports no policy', () => {
    renderSettings({ agent: server({ capabilities: [] }) });
    expect(screen.getByText(/does not report an admission policy/)).toBeInTheDocument();
  });

  it('renames the server: empty and short names are blocked before any call, a new one updates the list', async () => {
    const { fetchMock, client } = renderSettings({
      answers: { '/api/v1/agents/rename-agent': ok({ agent: {} }, 'Server Renamed') },
    });
    const name = screen.getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Server name cannot be empty')).toBeInTheDocument();
    await userEvent.type(name, 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Server name must have at least 3 characters')).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.click(name);
    await userEvent.paste('web\u0000\u200B02');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      screen.getByText('Server name must not contain control characters or invisible formatting characters'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/v1/agents/rename-agent')).toHaveLength(0);

    await userEvent.clear(name);
    await userEvent.type(name, ' web-02 {Enter}');
    await waitFor(() =>
      expect(toasts.calls).toHaveBeenCalledWith(expect.objectContaining({ title: 'Server Renamed' })),
    );
    expect(JSON.parse(callsTo(fetchMock, '/api/v1/agents/rename-agent')[0]![1].body)).toEqual({
      agent_id: 'agent-1',
      name: 'web-02',
    });
    expect(client.getQueryData<Agent[]>(queryKeys.agents.list())?.[0]?.name).toBe('web-02');
  });

  it('a refused rename says Rename Failed with the reason', async () => {
    renderSettings({
      answers: {
        '/api/v1/agents/rename-agent': { status: 403, body: { success: false, message: 'Forbidden' } },
      },
    });
    await userEvent.type(screen.getByLabelText('Name'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toasts.calls).toHaveBeenCalledWith({
        title: 'Rename Failed',
        description: 'Forbidden',
        status: 'error',
      }),
    );
  });

  it('deletes only an offline server, after confirming; the shell is told and home opens', async () => {
    const deleted = jest.fn();
    const stop = eventBus.subscribe('agent:deleted', deleted);
    renderSettings({ online: false, answers: { '/api/v1/agents/delete-agent': ok() } });
    await userEvent.click(screen.getByRole('button', { name: 'Delete Server' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('This action cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toHaveBeenCalledWith({ agentId: 'agent-1' }));
    // The page navigates in the mutation's own onSuccess, which runs after the hook's (the event).
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    stop();
  });

  it('offers no delete while the server is online', () => {
    renderSettings({ online: true });
    expect(screen.getByRole('button', { name: 'Delete Server' })).toBeDisabled();
  });
});

describe('Docker tabs', () => {
  it('lists registries, adds one with credentials encrypted for the agent, and deletes after confirming', async () => {
    const certificate = await createTestCertificate();
    const { fetchMock } = renderSettings({
      agent: server({ certificate: certificate.pem }),
      route: '/settings?tab=docker-registries',
      answers: {
        '/api/v1/registries/get-registries': ok({ registries: [{ address: 'ghcr.io', username: 'ada' }] }),
        '/api/v1/registries/create-registry': ok(null, 'Registry added successfully'),
        '/api/v1/registries/delete-registry': ok(null, 'Registry deleted successfully'),
      },
    });
    const list = await screen.findByRole('list', { name: 'Docker registries' });
    expect(within(list).getByText('ghcr.io')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add Registry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Registry' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Registry' }));
    expect(within(dialog).getByText('Address is required')).toBeInTheDocument();
    // A URL, or anything but host[:port][/path], is refused before any call, as the server would.
    await userEvent.type(within(dialog).getByLabelText(/Address/), 'https://registry.example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Registry' }));
    expect(
      within(dialog).getByText(
        'Address must be a registry host with an optional port and path, such as registry.example.com:5000',
      ),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/v1/registries/create-registry')).toHaveLength(0);
    await userEvent.clear(within(dialog).getByLabelText(/Address/));
    await userEvent.type(within(dialog).getByLabelText(/Address/), 'registry.example.com');
    await userEvent.type(within(dialog).getByLabelText('Username'), 'grace');
    await userEvent.type(within(dialog).getByLabelText('Password'), 's3cret-pass');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Registry' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/v1/registries/create-registry')).toHaveLength(1));
    const sent = callsTo(fetchMock, '/api/v1/registries/create-registry')[0]![1].body as string;
    expect(JSON.parse(sent).address).toBe('registry.example.com');
    // Neither credential leaves the browser in plaintext.
    expect(sent).not.toContain('grace');
    expect(sent).not.toContain('s3cret-pass');
    await waitFor(() =>
      expect(toasts.calls).toHaveBeenCalledWith(
        expect.objectContaining({ description: 'Registry added successfully' }),
      ),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Delete ghcr.io' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(callsTo(fetchMock, '/api/v1/registries/delete-registry')).toHaveLength(1));
    expect(
      JSON.parse(callsTo(fetchMock, '/api/v1/registries/delete-registry')[0]![1].body as string),
    ).toEqual({
      agent_id: 'agent-1',
      address: 'ghcr.io',
    });
  });

  it('creates and deletes networks, with the name required', async () => {
    const { fetchMock } = renderSettings({
      route: '/settings?tab=docker-networks',
      answers: {
        '/api/v1/networks/get-networks': ok({ networks: [{ name: 'proxy' }] }),
        '/api/v1/networks/create-network': ok(null, 'Network created successfully'),
        '/api/v1/networks/delete-network': ok(null, 'Network deleted successfully'),
      },
    });
    expect(await screen.findByRole('listitem', { name: 'proxy' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Network' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Network' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Network' }));
    expect(within(dialog).getByText('Network name is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Network name/), 'backend{Enter}');
    await waitFor(() =>
      expect(toasts.calls).toHaveBeenCalledWith(
        expect.objectContaining({ description: 'Network created successfully' }),
      ),
    );
    expect(JSON.parse(callsTo(fetchMock, '/api/v1/networks/create-network')[0]![1].body as string)).toEqual({
      agent_id: 'agent-1',
      name: 'backend',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete proxy' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() =>
      expect(toasts.calls).toHaveBeenCalledWith(
        expect.objectContaining({ description: 'Network deleted successfully' }),
      ),
    );
  });

  it('an unpaid server gets the billing prompt', () => {
    renderSettings({
      agent: server({ subscription_status: 'unpaid' }),
      route: '/settings?tab=docker-registries',
    });
    expect(screen.getByText(/Docker Registries management needs a plan/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage Organization' })).toHaveAttribute(
      'href',
      '/organization',
    );
  });

  it('an agent without the feature says the management is disabled', () => {
    renderSettings({ agent: server({ features: [] }), route: '/settings?tab=docker-networks' });
    expect(
      screen.getByText(
        'Docker Networks management is disabled for this server. The agent may not be updated to the latest version or the feature is turned off.',
      ),
    ).toBeInTheDocument();
  });
});

describe('Docker Registries tab: why it is idle', () => {
  it('a link to it on an offline server says it is not available offline', () => {
    renderSettings({ online: false, route: '/settings?tab=docker-registries' });
    expect(screen.getByRole('tab', { name: 'Docker Registries' })).toHaveAttribute('aria-selected', 'true');
    expect(
      screen.getByText('Docker Registries management is not available when the server is offline.'),
    ).toBeInTheDocument();
  });

  it('an agent that turned the feature off says the management is disabled', () => {
    renderSettings({
      agent: server({ features: [{ name: 'docker_registries', is_enabled: false }] }),
      route: '/settings?tab=docker-registries',
    });
    expect(
      screen.getByText(
        'Docker Registries management is disabled for this server. The agent may not be updated to the latest version or the feature is turned off.',
      ),
    ).toBeInTheDocument();
  });
});
