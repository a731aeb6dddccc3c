import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CatalogItem } from 'shared';
import { recordToasts } from 'shared/src/test-support/api';
import { agentOn, catalogItem, renderCatalogPage } from '../test-support/catalog-fixtures';
import CatalogPage from './CatalogPage';

const release = (name: string) => ({
  name,
  date: '2026-01-01',
  description: '',
  breaking_changes: false,
  changelog_url: null,
});
const gitea = catalogItem({
  id: 'gitea',
  name: 'Gitea',
  tags: ['Development'],
  keywords: ['git'],
  logo: 'gitea.svg',
  registry: { tags: [{ name: '1.21.0' }], releases: [release('1.21.0'), release('1.22.0')] },
});
const jellyfin = catalogItem({ id: 'jellyfin', name: 'Jellyfin', tags: ['Media'], alternative_to: ['Plex'] });
const outline = catalogItem({
  id: 'outline',
  name: 'Outline',
  waiting_list: true,
  available_in: ['business'],
});
const grafana = catalogItem({ id: 'grafana', name: 'Grafana', available_in: ['pro', 'business'] });
const items: CatalogItem[] = [gitea, jellyfin, outline, grafana];

const toasts = recordToasts();
const cardNames = () =>
  screen.getAllByTestId('catalog-card').map((card) => within(card).getByRole('heading').textContent);

function renderCatalog(
  options: { plan?: 'free' | 'paid' | 'unpaid'; route?: string; answers?: object } = {},
) {
  return renderCatalogPage(<CatalogPage />, {
    route: options.route ?? '/catalog',
    path: '/catalog',
    agent: agentOn(options.plan ?? 'free'),
    items,
    answers: options.answers as never,
  });
}

test('asks for a server when none is selected', () => {
  renderCatalogPage(<CatalogPage />, { route: '/catalog', path: '/catalog', agent: null });
  expect(
    screen.getByText('No Agent Selected - Please select an agent to browse available applications.'),
  ).toBeInTheDocument();
});

test('shows a card per item with its logo (or the fallback), tags, summary, badge and button', async () => {
  renderCatalog();
  expect(screen.getByText('Loading catalog items...')).toBeInTheDocument();
  expect(await screen.findAllByTestId('catalog-card')).toHaveLength(4);
  const giteaCard = screen.getAllByTestId('catalog-card')[0]!;
  expect(within(giteaCard).getByRole('img', { name: 'Gitea logo' })).toHaveAttribute(
    'src',
    'http://dock.test/catalog-assets/gitea.svg',
  );
  expect(within(giteaCard).getByRole('link', { name: 'Gitea' })).toHaveAttribute('href', '/catalog/gitea');
  expect(within(giteaCard).getByText('Gitea summary')).toBeInTheDocument();
  expect(within(giteaCard).getByRole('button', { name: 'Install' })).toBeInTheDocument();
  // A logo that fails to load falls back to the neutral image.
  fireEvent.error(within(giteaCard).getByRole('img', { name: 'Gitea logo' }));
  expect(within(giteaCard).getByRole('img', { name: 'Gitea logo' }).getAttribute('src')).toMatch(
    /^data:image\/svg/,
  );

  const outlineCard = screen.getAllByTestId('catalog-card')[2]!;
  expect(within(outlineCard).getByText('Coming Soon')).toBeInTheDocument();
  expect(within(outlineCard).getByText('No tags')).toBeInTheDocument();
  expect(within(outlineCard).getByRole('img', { name: 'Outline logo' }).getAttribute('src')).toMatch(
    /^data:image/,
  );
  expect(
    within(screen.getAllByTestId('catalog-card')[3]!).getByRole('button', { name: 'Upgrade to Pro' }),
  ).toBeVisible();
});

test('search and tag filters narrow the cards; nothing left says so', async () => {
  renderCatalog();
  await screen.findAllByTestId('catalog-card');
  const search = screen.getByPlaceholderText('Search by name, description, keywords, tags, license, URLs...');
  await userEvent.type(search, 'plex');
  expect(cardNames()).toEqual(['Jellyfin']);
  await userEvent.clear(search);
  await userEvent.click(screen.getByRole('checkbox', { name: 'Development' }));
  expect(cardNames()).toEqual(['Gitea']);
  // A card's tag toggles the same filter.
  await userEvent.click(screen.getByRole('button', { name: 'Development' }));
  expect(screen.getByRole('checkbox', { name: 'Development' })).not.toBeChecked();
  expect(cardNames()).toHaveLength(4);
  await userEvent.type(search, 'nothing-like-this');
  expect(screen.getByText('No results found')).toBeInTheDocument();
  expect(
    screen.getByText("Try adjusting your search or filters to find what you're looking for."),
  ).toBeInTheDocument();
});

test('a hash naming a known tag preselects it', async () => {
  renderCatalog({ route: '/catalog#Media' });
  await screen.findAllByTestId('catalog-card');
  expect(screen.getByRole('checkbox', { name: 'Media' })).toBeChecked();
  expect(cardNames()).toEqual(['Jellyfin']);
});

test('a failed catalog says so with the error', async () => {
  renderCatalog({
    answers: { '/api/v1/catalog/get-apps': { status: 500, body: { success: false, message: '' } } },
  });
  expect(await screen.findByText('Failed to load catalog')).toBeInTheDocument();
  expect(screen.getByText('Failed to fetch catalog: 500')).toBeInTheDocument();
});

test('Install names the app, offers the versions a free server may install, installs and goes home', async () => {
  const { fetchMock } = renderCatalog({
    answers: {
      '/api/v1/catalog/install-app': {
        body: { success: true, message: 'App installation started', data: { id: 'app-9' } },
      },
    },
  });
  const appListReads = () =>
    fetchMock.mock.calls.filter(([url]) => new URL(String(url)).pathname === '/api/v1/apps/get-apps').length;
  await userEvent.click((await screen.findAllByRole('button', { name: 'Install' }))[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Install Gitea' });
  expect(within(dialog).getByLabelText('Application Name')).toHaveValue('gitea');
  const version = within(dialog).getByLabelText('Version');
  expect(version).toHaveValue('1.21.0');
  expect(within(dialog).getByRole('option', { name: '1.22.0 (Pro 🔒)' })).toBeDisabled();

  const readsBeforeInstall = appListReads();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Install' }));
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
  const install = fetchMock.mock.calls.find(([url]) => String(url).includes('install-app'))!;
  expect(install[0]).toBe('http://dock.test/api/v1/catalog/install-app?agent_id=agent-1');
  expect(JSON.parse(install[1].body)).toEqual({
    name: 'gitea',
    app_id: expect.any(String),
    template_id: 'gitea',
    version: '1.21.0',
  });
  expect(toasts.calls).toHaveBeenCalledWith({
    title: 'Success',
    description: 'App installation started',
    status: 'success',
  });
  // The server's app list is read again (the install's mutation invalidates it).
  expect(appListReads()).toBe(readsBeforeInstall + 1);
});

test('while the install runs, the dialog shows its deploy as it goes, found by the id the install sent', async () => {
  let finishInstall: (body: unknown) => void = () => undefined;
  const { fetchMock } = renderCatalog({
    answers: {
      '/api/v1/catalog/install-app': { body: new Promise((resolve) => (finishInstall = resolve)) },
      '/api/v1/apps/get-deploy-progress': {
        body: {
          success: true,
          message: 'OK',
          data: {
            deploy: {
              id: 'op-3',
              action: 'install',
              version: '1.21.0',
              started_at: Date.now() - 4_000,
              elapsed_ms: 4_000,
              progress: {
                step: 'pulling',
                cancelled: false,
                images: [
                  {
                    service: 'gitea',
                    state: 'pulling',
                    layers_total: 4,
                    layers_done: 1,
                    bytes_done: 1_048_576,
                    bytes_total: 4_194_304,
                  },
                ],
                builds: [],
                services: [],
              },
            },
          },
        },
      },
    },
  });
  await userEvent.click((await screen.findAllByRole('button', { name: 'Install' }))[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Install Gitea' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Install' }));

  const panel = await within(dialog).findByRole('region', { name: 'Deploy in progress' }, { timeout: 5_000 });
  expect(within(panel).getByRole('heading', { name: 'Install 1.21.0' })).toBeInTheDocument();
  expect(within(panel).getByTestId('progress-step')).toHaveTextContent(/^Pulling images · /);
  expect(within(panel).getByTestId('progress-image')).toHaveTextContent('gitea');
  expect(within(panel).getByTestId('progress-image')).toHaveTextContent(
    'Pulling · 1/4 layers · 1 MB of 4 MB',
  );
  const sent = JSON.parse(
    fetchMock.mock.calls.find(([url]) => String(url).includes('install-app'))![1].body as string,
  ) as { app_id: string };
  const progressReads = fetchMock.mock.calls
    .map(([url]) => new URL(String(url)))
    .filter((url) => url.pathname === '/api/v1/apps/get-deploy-progress');
  expect(progressReads.map((url) => url.searchParams.get('app_id'))).toContain(sent.app_id);

  // The install answers: the dialog goes on as before (closes, home, the toast).
  finishInstall({ success: true, message: 'App installation started', data: { id: sent.app_id } });
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
  expect(screen.queryByRole('region', { name: 'Deploy in progress' })).toBeNull();
});

test('an invalid name blocks Install; Enter then reports a Validation Error', async () => {
  const { fetchMock } = renderCatalog();
  await userEvent.click((await screen.findAllByRole('button', { name: 'Install' }))[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Install Gitea' });
  const name = within(dialog).getByLabelText('Application Name');
  await userEvent.clear(name);
  await userEvent.type(name, '9lives{Enter}');
  expect(
    within(dialog).getByText(
      'App name must start with a letter and contain only letters, numbers, and hyphens',
    ),
  ).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Install' })).toBeDisabled();
  expect(toasts.calls).toHaveBeenCalledWith(expect.objectContaining({ title: 'Validation Error' }));
  expect(fetchMock.mock.calls.some(([url]) => String(url).includes('install-app'))).toBe(false);
});

test('an unpaid server shows the plan banner and cannot install', async () => {
  renderCatalog({ plan: 'unpaid' });
  await userEvent.click((await screen.findAllByRole('button', { name: 'Install' }))[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Install Gitea' });
  expect(within(dialog).getByText(/This server has no plan yet/)).toBeInTheDocument();
  expect(within(dialog).getByLabelText('Application Name')).toBeDisabled();
  expect(within(dialog).getByRole('button', { name: 'Install' })).toBeDisabled();
  // No plan yet gives no more than Free would: the Pro release is locked, never preselected.
  expect(within(dialog).getByLabelText('Version')).toHaveValue('1.21.0');
  expect(within(dialog).getByRole('option', { name: '1.22.0 (Pro 🔒)' })).toBeDisabled();
});

test('a private beta opens the waitlist dialog, whose buttons only close it', async () => {
  const { fetchMock } = renderCatalog();
  await userEvent.click(await screen.findByRole('button', { name: 'Join Waitlist' }));
  const dialog = await screen.findByRole('dialog', { name: 'Join the Waitlist' });
  expect(within(dialog).getByText(/private beta/)).toBeInTheDocument();
  const calls = fetchMock.mock.calls.length;
  await userEvent.click(within(dialog).getByRole('button', { name: 'Join Waitlist' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(fetchMock.mock.calls).toHaveLength(calls);
});

test("an item beyond the server's plan opens the Pro checkout beside the dashboard", async () => {
  window.open = jest.fn();
  renderCatalog({
    answers: {
      '/api/v1/billing/get-agent-subscription-url': {
        body: { success: true, message: 'OK', data: { url: 'https://checkout.test/pro' } },
      },
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
  await waitFor(() =>
    expect(window.open).toHaveBeenCalledWith('https://checkout.test/pro', '_blank', 'noopener,noreferrer'),
  );
});

describe('an app that needs host access', () => {
  const homeAssistant = catalogItem({
    id: 'home-assistant',
    name: 'Home Assistant',
    host_access: 'It uses the host network to discover devices.',
  });
  const withPolicy = (hostAccess: boolean) => ({
    ...agentOn('free'),
    capabilities: [
      { name: 'admission_policy', value: JSON.stringify({ host_access: hostAccess, bind_roots: [] }) },
    ],
  });
  const openDialog = async (hostAccess: boolean) => {
    renderCatalogPage(<CatalogPage />, {
      route: '/catalog',
      path: '/catalog',
      agent: withPolicy(hostAccess),
      items: [homeAssistant],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Install' }));
    return screen.findByRole('dialog', { name: 'Install Home Assistant' });
  };

  test("is disabled with the reason and the host command when the server's policy does not allow it", async () => {
    const dialog = await openDialog(false);
    expect(
      within(dialog).getByText(
        "Home Assistant needs host access: It uses the host network to discover devices. This server's admission policy does not allow it. Only the server's owner can change that, on the server: dockhand-agent policy host-access on, then systemctl restart dockhand-agent.",
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Application Name')).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Install' })).toBeDisabled();
  });

  test('says what it needs and installs on a server that allows host access', async () => {
    const dialog = await openDialog(true);
    expect(
      within(dialog).getByText(
        'Home Assistant needs host access: It uses the host network to discover devices.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Install' })).toBeEnabled();
  });
});

test('on a phone-sized screen the tag checkboxes fold behind a Filters toggle that counts the chosen ones', async () => {
  const matchMedia = jest.fn((query: string) => ({
    matches: query === '(max-width: 767px)',
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  }));
  Object.defineProperty(window, 'matchMedia', { configurable: true, value: matchMedia });
  try {
    renderCatalog();
    await screen.findAllByTestId('catalog-card');
    expect(screen.queryByRole('checkbox', { name: 'Development' })).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Development' }));
    expect(cardNames()).toEqual(['Gitea']);
    await userEvent.click(toggle);
    expect(screen.queryByRole('checkbox', { name: 'Development' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
    expect(cardNames()).toEqual(['Gitea']);
  } finally {
    Reflect.deleteProperty(window, 'matchMedia');
  }
});
