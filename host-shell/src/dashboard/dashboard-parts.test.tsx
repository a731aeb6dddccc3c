import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { Agent } from 'shared';
import { AppsGrid } from './AppsGrid';
import { ServerCard } from './ServerCard';

jest.mock('../api/agent-api', () => ({
  updateAgent: jest.fn(),
  fetchAgentVersions: jest.fn().mockResolvedValue([]),
}));

const agent: Agent = {
  id: 'a1',
  name: 'prod-1',
  certificate: '',
  last_seen: Date.UTC(2026, 10, 22, 9, 30),
  organization_id: 'o',
  subscription_status: 'free',
  capabilities: [
    { name: 'server_ip', value: '203.0.113.7' },
    { name: 'agent_version', value: '1.2.0' },
    { name: 'system_cpu_cores', value: '2' },
    { name: 'system_memory_total', value: String(4 * 1024 ** 3) },
    { name: 'system_disk_total', value: String(40 * 1024 ** 3) },
  ],
  features: [],
};

function wrap(ui: ReactNode, queryClient = new QueryClient()) {
  return render(
    <ChakraProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

describe('ServerCard', () => {
  it('says when the server is online but its Docker does not answer', () => {
    wrap(
      <ServerCard
        agent={agent}
        online
        dockerResponding={false}
        updateAvailable={false}
        onUpdate={jest.fn()}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Docker is not responding on this server');
    expect(screen.getByText('Online')).toBeInTheDocument();
  });

  it('says nothing about Docker while it answers, nor when the server is offline', () => {
    wrap(<ServerCard agent={agent} online updateAvailable={false} onUpdate={jest.fn()} />);
    expect(screen.queryByText('Docker is not responding on this server')).toBeNull();
  });

  it('names the Compose the server runs apps with, v1 as legacy; says nothing when the agent does not report it', () => {
    const withCompose = (value: string): Agent => ({
      ...agent,
      capabilities: [...agent.capabilities, { name: 'compose_version', value }],
    });
    const { unmount } = wrap(
      <ServerCard agent={withCompose('2.29.7')} online updateAvailable={false} onUpdate={jest.fn()} />,
    );
    expect(screen.getByTestId('server-card')).toHaveTextContent('Agent Version: 1.2.0 · Compose v2.29.7');
    unmount();
    const legacy = wrap(
      <ServerCard agent={withCompose('1.29.2')} online updateAvailable={false} onUpdate={jest.fn()} />,
    );
    expect(screen.getByTestId('server-card')).toHaveTextContent('Compose v1.29.2 (legacy)');
    legacy.unmount();
    wrap(<ServerCard agent={agent} online updateAvailable={false} onUpdate={jest.fn()} />);
    expect(screen.getByTestId('server-card')).not.toHaveTextContent('Compose');
  });

  it('shows name, IP, hardware joined by bullets and the agent version when online', () => {
    wrap(<ServerCard agent={agent} online updateAvailable={false} onUpdate={jest.fn()} />);
    const card = screen.getByTestId('server-card');
    expect(card).toHaveTextContent('prod-1');
    expect(card).toHaveTextContent('IP:203.0.113.7');
    expect(card).toHaveTextContent('Hardware:2 Cores • 4 GB RAM • 40 GB Disk');
    expect(card).toHaveTextContent('Agent Version: 1.2.0');
    expect(card).toHaveTextContent('Free');
    expect(card).not.toHaveTextContent('Last Seen');
  });

  it('shows Last Seen only when offline, and N/A without hardware', () => {
    wrap(
      <ServerCard
        agent={{ ...agent, capabilities: [] }}
        online={false}
        updateAvailable={false}
        onUpdate={jest.fn()}
      />,
    );
    const card = screen.getByTestId('server-card');
    expect(card).toHaveTextContent('Last Seen:');
    expect(card).toHaveTextContent('Hardware:N/A');
  });

  it('offers the agent update instead of the version when one is available', () => {
    const onUpdate = jest.fn();
    wrap(<ServerCard agent={agent} online updateAvailable onUpdate={onUpdate} />);
    expect(screen.queryByText(/Agent Version/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Agent update available' }));
    expect(onUpdate).toHaveBeenCalled();
  });

  it('asks to select a server when none is selected', () => {
    wrap(<ServerCard agent={null} online={false} updateAvailable={false} onUpdate={jest.fn()} />);
    expect(screen.getByText('Select a server to view its details.')).toBeInTheDocument();
  });
});

describe('AppsGrid', () => {
  const apps = [
    { id: 'x', name: 'gitea', icon: 'GitBranch', color: '#38A169', extension: null, status: null },
    {
      id: 'y',
      name: 'nextcloud',
      icon: 'no-such-icon',
      color: '#3182CE',
      extension: null,
      status: 5 as const,
    },
  ];

  it('shows an add tile and one tile per app with its icon, name and status label', () => {
    wrap(<AppsGrid apps={apps} statuses={{ x: 1 }} statusesKnown canDeploy onDeploy={jest.fn()} />);
    const tiles = screen.getAllByTestId('app-tile');
    expect(tiles.map((tile) => tile.textContent)).toEqual(['gitea' + 'Active', 'nextcloud' + 'Stopped']);
    // The app's named icon; an unknown name draws the default.
    expect(tiles.map((tile) => tile.querySelector('svg')?.getAttribute('data-icon'))).toEqual([
      'GitBranch',
      'Package',
    ]);
    expect(tiles[0]).toHaveAttribute('href', '/app/x');
    expect(screen.getByRole('button', { name: 'Deploy App' })).toBeEnabled();
  });

  it('shows Waiting... for an app without a status yet', () => {
    wrap(<AppsGrid apps={[apps[0]!]} statuses={undefined} statusesKnown canDeploy onDeploy={jest.fn()} />);
    expect(screen.getByText('Waiting...')).toBeInTheDocument();
  });

  it('shows an unknown status, not a last known one, while the server is offline', () => {
    wrap(
      <AppsGrid apps={[apps[1]!]} statuses={{ y: 1 }} statusesKnown={false} canDeploy onDeploy={jest.fn()} />,
    );
    expect(screen.getByTestId('app-tile')).toHaveTextContent('Unknown');
    expect(screen.queryByText('Waiting...')).not.toBeInTheDocument();
    expect(screen.queryByText('Stopped')).not.toBeInTheDocument();
    expect(screen.queryByText('Active')).not.toBeInTheDocument();
  });

  it('has the two empty texts', () => {
    const { unmount } = wrap(
      <AppsGrid apps={[]} statuses={undefined} statusesKnown canDeploy onDeploy={jest.fn()} />,
    );
    expect(screen.getByText('No apps found. Deploy your first app!')).toBeInTheDocument();
    unmount();
    wrap(<AppsGrid apps={[]} statuses={undefined} statusesKnown canDeploy={false} onDeploy={jest.fn()} />);
    expect(screen.getByText('No apps found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deploy App' })).toBeDisabled();
  });
});
