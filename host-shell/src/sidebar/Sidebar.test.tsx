import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import {
  AuthProvider,
  CurrentAgentContext,
  queryKeys,
  type Agent,
  type AuthTransport,
  type CurrentAgentValue,
  type User,
} from 'shared';
import { createTestAuthSession } from '../test-support/auth-session';
import { HostAgentContext, type HostAgentValue } from '../current-server/CurrentAgentProvider';
import { ShellDialogsProvider } from '../dialogs/ShellDialogs';
import { BottomLinks, PlatformMenu } from './NavMenus';
import { ServerSwitcher } from './ServerSwitcher';
import { SidebarProvider, useSidebar } from './SidebarProvider';
import { updateRemoteRecord } from '../federation/remote-records';
import { UserMenu } from './UserMenu';
import { Toaster } from '../toasts/Toaster';
import { ToastStore } from '../toasts/toast-store';

// The menus' chunk, which DeferredMenu loads on first use; a test makes it fail as a dropped network does.
let mockMenusChunkFails = false;
jest.mock('./SidebarMenus', () => {
  if (mockMenusChunkFails) throw new Error('Loading chunk SidebarMenus failed');
  return jest.requireActual('./SidebarMenus');
});

const agent = (
  id: string,
  organization_id: string,
  subscription_status: Agent['subscription_status'] = 'paid',
): Agent => ({
  id,
  name: `server-${id}`,
  certificate: '',
  last_seen: null,
  organization_id,
  subscription_status,
  capabilities: [],
  features: [],
});

const org = (id: string, name: string, role: 'owner' | 'admin' | 'billing') => ({
  id,
  name,
  role,
  subscription_status: 'free' as const,
  licenses: 0,
});

interface SetupOptions {
  user: User;
  agents: Agent[];
  current: Agent | null;
  online?: string[];
  transport?: Partial<AuthTransport>;
}

function renderWithShell(ui: ReactNode, { user, agents, current, online = [], transport }: SetupOptions) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // What GET /healthz reports (the About dialog).
  queryClient.setQueryData(queryKeys.server.version(), '1.4.2');
  if (current)
    queryClient.setQueryData(queryKeys.apps.list(current.id), [
      { id: 'app-1', name: 'nextcloud', icon: '', color: '#000', extension: null, status: 1 },
    ]);
  const agentValue: CurrentAgentValue = {
    agents,
    isLoadingAgents: false,
    agentError: null,
    currentAgentId: current?.id ?? null,
    currentAgent: current,
    isOnline: current ? online.includes(current.id) : false,
    isDockerResponding: true,
    isAgentOnline: (id) => online.includes(id),
    selectAgent: jest.fn(),
  };
  const hostValue: HostAgentValue = {
    isUnavailable: false,
    addAgent: jest.fn(),
  };
  render(
    <ChakraProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider session={createTestAuthSession({ user, transport })}>
          <MemoryRouter>
            <CurrentAgentContext.Provider value={agentValue}>
              <HostAgentContext.Provider value={hostValue}>
                <ShellDialogsProvider>{ui}</ShellDialogsProvider>
              </HostAgentContext.Provider>
            </CurrentAgentContext.Provider>
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return agentValue;
}

const admin: User = {
  id: 'u',
  name: 'Ada Lovelace',
  email: 'ada@x',
  image: null,
  organizations: [org('o1', 'Acme', 'admin')],
};

/** The menu of `button` is open: Escape closes it and gives the focus back to the button. */
async function closeWithEscape(user: ReturnType<typeof userEvent.setup>, button: HTMLElement) {
  expect(button).toHaveAttribute('aria-expanded', 'true');
  await user.keyboard('{Escape}');
  expect(button).toHaveAttribute('aria-expanded', 'false');
  // Chakra gives the focus back on the next animation frame, not within the key press.
  await waitFor(() => expect(button).toHaveFocus());
}

// Before any other test loads the menus' code: these need the trigger that stands in for it.
describe('sidebar menus on first use', () => {
  afterEach(() => {
    mockMenusChunkFails = false;
    jest.restoreAllMocks();
  });

  it('tell the user in a toast when their code cannot be loaded', async () => {
    const user = userEvent.setup();
    const store = new ToastStore({ setTimeout, clearTimeout: (handle) => clearTimeout(handle as number) });
    mockMenusChunkFails = true;
    renderWithShell(
      <>
        <UserMenu collapsed={false} />
        <Toaster store={store} />
      </>,
      { user: admin, agents: [], current: null },
    );
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('The menu could not be opened. Check your connection and try again.');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('Space opens one as it opens a button, before and after its code is in, and it stays open', async () => {
    const user = userEvent.setup();
    renderWithShell(<UserMenu collapsed={false} />, { user: admin, agents: [], current: null });
    screen.getByRole('button', { name: 'User menu' }).focus();
    // The whole key press (keydown and keyup) is over before these look.
    await user.keyboard(' ');
    expect(await screen.findByRole('menuitem', { name: 'About Dockhand' })).toBeVisible();
    const button = screen.getByRole('button', { name: 'User menu' });
    await closeWithEscape(user, button);
    // Now Chakra's MenuButton, which opens on Enter and the arrows but not on Space by itself.
    await user.keyboard(' ');
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'true'));
    expect(screen.getByRole('menu')).toBeVisible();
  });
});

describe('sidebar links', () => {
  it('shows Server Settings only when the user may manage the current server', () => {
    const own = agent('a', 'o1');
    renderWithShell(<BottomLinks collapsed={false} />, { user: admin, agents: [own], current: own });
    expect(screen.getByRole('link', { name: 'Apps Catalog' })).toHaveAttribute('href', '/catalog');
    expect(screen.getByRole('link', { name: 'Server Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('link', { name: 'Manage Organization' })).toBeInTheDocument();
  });

  it('hides Server Settings for a shared server and Manage Organization for a billing-only user', () => {
    const foreign = agent('b', 'elsewhere');
    const billingOnly: User = { ...admin, organizations: [org('o1', 'Acme', 'billing')] };
    renderWithShell(<BottomLinks collapsed={false} />, {
      user: billingOnly,
      agents: [foreign],
      current: foreign,
    });
    expect(screen.getByRole('link', { name: 'Apps Catalog' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Server Settings' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Manage Organization' })).toBeNull();
  });
});

describe('platform menu', () => {
  it('lists installed apps and enables Deploy App on a paid server', () => {
    const paid = agent('a', 'o1', 'paid');
    renderWithShell(<PlatformMenu collapsed={false} />, { user: admin, agents: [paid], current: paid });
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'nextcloud' })).toHaveAttribute('href', '/app/app-1');
    expect(screen.getByRole('button', { name: 'Deploy App' })).toBeEnabled();
  });

  it('disables Deploy App when the server is unpaid or its plan is unset', () => {
    for (const status of ['unpaid', null] as const) {
      const unpaid = agent(`a-${status}`, 'o1', status);
      renderWithShell(<PlatformMenu collapsed={false} />, { user: admin, agents: [unpaid], current: unpaid });
      expect(screen.getByRole('button', { name: 'Deploy App' })).toBeDisabled();
      document.body.innerHTML = '';
    }
  });

  it('collapsed to icons, names each item and shows its label as a tooltip on focus and on hover', async () => {
    const user = userEvent.setup();
    const paid = agent('a', 'o1', 'paid');
    renderWithShell(<PlatformMenu collapsed />, { user: admin, agents: [paid], current: paid });
    // The first focus loads the tooltip's code; the item keeps the focus when the tooltip comes in.
    await user.tab();
    expect(await screen.findByRole('tooltip', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    act(() => screen.getByRole('link', { name: 'Dashboard' }).blur());
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    await user.hover(screen.getByRole('button', { name: 'Apps' }));
    expect(await screen.findByRole('tooltip', { name: 'Apps' })).toBeInTheDocument();
    await user.unhover(screen.getByRole('button', { name: 'Apps' }));
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });
});

describe('server switcher', () => {
  it('groups servers by organization with Shared Servers last, and selects on click', async () => {
    const user = userEvent.setup();
    const mine = agent('a', 'o1');
    const shared = agent('s', 'foreign');
    const value = renderWithShell(<ServerSwitcher collapsed={false} />, {
      user: admin,
      agents: [shared, mine],
      current: mine,
      online: ['a'],
    });
    expect(screen.getByTestId('server-switcher')).toHaveTextContent('server-aOnline');
    await user.click(screen.getByTestId('server-switcher'));
    const menu = await screen.findByRole('menu');
    const groups = within(menu).getAllByRole('group');
    expect(
      groups.map((group) => group.getAttribute('aria-label') ?? group.textContent?.split('server-')[0]),
    ).toEqual(['Acme', 'Shared Servers']);
    expect(within(menu).getByRole('menuitem', { name: 'Add server' })).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: /server-s/ }));
    expect(value.selectAgent).toHaveBeenCalledWith('s');
  });
});

function SidebarProbe() {
  const { open } = useSidebar();
  return <span data-testid="state">{open ? 'open' : 'collapsed'}</span>;
}

describe('SidebarProvider', () => {
  it('defaults to open, toggles with ctrl+b or meta+b, and stores menu_state', () => {
    sessionStorage.clear();
    render(
      <SidebarProvider>
        <SidebarProbe />
      </SidebarProvider>,
    );
    expect(screen.getByTestId('state')).toHaveTextContent('open');
    act(() => {
      fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    });
    expect(screen.getByTestId('state')).toHaveTextContent('collapsed');
    expect(sessionStorage.getItem('menu_state')).toBe('false');
    act(() => {
      fireEvent.keyDown(window, { key: 'b', metaKey: true });
    });
    expect(screen.getByTestId('state')).toHaveTextContent('open');
    act(() => {
      fireEvent.keyDown(window, { key: 'b' });
    });
    expect(screen.getByTestId('state')).toHaveTextContent('open');
  });

  it('starts collapsed when menu_state says so', () => {
    sessionStorage.setItem('menu_state', 'false');
    render(
      <SidebarProvider>
        <SidebarProbe />
      </SidebarProvider>,
    );
    expect(screen.getByTestId('state')).toHaveTextContent('collapsed');
  });
});

describe('user menu', () => {
  it("shows the user's initials when the avatar image cannot be shown", () => {
    renderWithShell(<UserMenu collapsed={false} />, {
      user: { ...admin, image: 'https://images.example/broken.png' },
      agents: [],
      current: null,
    });
    const menu = screen.getByRole('button', { name: 'User menu' });
    const image = menu.querySelector('img');
    if (image) fireEvent.error(image);
    expect(within(menu).getByText('AL')).toBeInTheDocument();
    expect(menu).toHaveTextContent('Ada Lovelace');
  });
});

describe('sidebar menus before their code is in', () => {
  it('name their trigger as a menu button; keys open them as Chakra does and Escape gives the focus back', async () => {
    const user = userEvent.setup();
    renderWithShell(<UserMenu collapsed={false} />, { user: admin, agents: [], current: null });
    const trigger = screen.getByRole('button', { name: 'User menu' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    trigger.focus();
    await user.keyboard('{ArrowUp}');
    // The last item has the focus, as when Chakra's MenuButton gets ArrowUp.
    await screen.findByRole('menu');
    expect(await screen.findByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    const button = screen.getByRole('button', { name: 'User menu' });
    await closeWithEscape(user, button);
  });

  it('Enter opens one with its first item focused', async () => {
    const user = userEvent.setup();
    const mine = agent('a', 'o1');
    renderWithShell(<ServerSwitcher collapsed={false} />, { user: admin, agents: [mine], current: mine });
    screen.getByTestId('server-switcher').focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: /server-a/ })).toHaveFocus();
  });
});

describe('Log out', () => {
  it('stays on screen, busy and not clickable again, until the server has answered', async () => {
    let answer: () => void = () => undefined;
    const logout = jest.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    renderWithShell(<UserMenu collapsed={false} />, {
      user: admin,
      agents: [],
      current: null,
      transport: { logout },
    });
    await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
    const item = await screen.findByRole('menuitem', { name: 'Log out' });
    await userEvent.click(item);
    expect(logout).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toBeDisabled();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(logout).toHaveBeenCalledTimes(1);
    await act(async () => answer());
  });
});

describe('About Dockhand', () => {
  it('keeps versions out of the sidebar; the user menu opens them: server, agent and dashboard parts', async () => {
    updateRemoteRecord('mfe-catalog', { status: 'loaded', version: '1.2.0' });
    const current = {
      ...agent('s1', 'o1'),
      capabilities: [{ name: 'agent_version', value: '0.9.1' }],
    };
    renderWithShell(<UserMenu collapsed={false} />, { user: admin, agents: [current], current });
    expect(screen.queryByTestId('remote-versions')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'About Dockhand' }));
    const dialog = await screen.findByRole('dialog', { name: 'About Dockhand' });
    expect(within(dialog).getByTestId('about-server-version')).toHaveTextContent('1.4.2');
    expect(within(dialog).getByTestId('about-agent-version')).toHaveTextContent('0.9.1 (server-s1)');
    expect(within(dialog).getByTestId('remote-versions')).toHaveTextContent('mfe-catalog 1.2.0');
  });
});
