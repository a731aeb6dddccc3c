import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { queryKeys, type Agent, type AgentVersion } from 'shared';
import { fetchAgentVersions, updateAgent } from '../api/agent-api';
import UpdateAgentDialog from './UpdateAgentDialog';

jest.mock('../api/agent-api', () => ({
  updateAgent: jest.fn(),
  fetchAgentVersions: jest.fn(),
}));

const newer: AgentVersion[] = [
  {
    version_number: '1.3.0',
    name: 'Harbour',
    is_beta: false,
    message: 'Faster logs',
    url: 'https://example.com/1.3.0',
  },
  { version_number: '1.4.0-beta.1', name: 'Harbour 1.4 beta', is_beta: true, message: 'Preview', url: '' },
];
const older: AgentVersion[] = [
  { version_number: '1.1.0', name: 'Dock', is_beta: false, message: 'The previous one', url: '' },
];

function agentWith(extra: Array<{ name: string; value: string }> = []): Agent {
  return {
    id: 'a1',
    name: 'prod-1',
    certificate: '',
    last_seen: null,
    organization_id: 'o',
    subscription_status: 'free',
    capabilities: [{ name: 'agent_version', value: '1.2.0' }, ...extra],
    features: [],
  };
}

function open(agent = agentWith(), versions = newer) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(queryKeys.agents.versions('a1'), versions);
  (fetchAgentVersions as jest.Mock).mockImplementation((_id: string, _signal: unknown, wantOlder: boolean) =>
    Promise.resolve(wantOlder ? older : versions),
  );
  const onClose = jest.fn();
  render(
    <ChakraProvider>
      <QueryClientProvider client={queryClient}>
        <UpdateAgentDialog agent={agent} isOpen onClose={onClose} />
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return { onClose };
}

beforeEach(() => jest.clearAllMocks());

describe('UpdateAgentDialog', () => {
  it('lists the newer versions as radio cards with the Beta badge and release notes; updates to the chosen one', async () => {
    (updateAgent as jest.Mock).mockResolvedValue('Agent Update Initiated');
    const { onClose } = open();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByText('Beta')).toBeInTheDocument();
    expect(screen.getByText('Faster logs')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View release notes' })).toHaveAttribute(
      'href',
      'https://example.com/1.3.0',
    );
    // The newest stable version is preselected.
    expect(screen.getByRole('button', { name: 'Update to Harbour' })).toBeEnabled();
    fireEvent.click(screen.getByRole('radio', { name: /1.4 beta/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Update to Harbour 1.4 beta' }));
    await waitFor(() => expect(updateAgent).toHaveBeenCalledWith('a1', '1.4.0-beta.1', false));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows why the agent refused, under Update Failed, and stays open', async () => {
    (updateAgent as jest.Mock).mockRejectedValue(
      new Error(
        'Agent 1.3.0 refused: its signature does not verify with the release key pinned on this host',
      ),
    );
    const { onClose } = open();
    fireEvent.click(screen.getByRole('button', { name: 'Update to Harbour' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Update Failed')).toBeInTheDocument();
    expect(
      within(alert).getByText(
        'Agent 1.3.0 refused: its signature does not verify with the release key pinned on this host',
      ),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('names the version that was rolled back and why', () => {
    open(
      agentWith([
        {
          name: 'agent_update',
          value: JSON.stringify({
            status: 'rolled_back',
            version: '1.3.0',
            previous_version: '1.2.0',
            reason: 'it did not come online within 60 s',
            at: 1,
          }),
        },
      ]),
    );
    expect(
      screen.getByText(
        'Update to 1.3.0 failed and was rolled back to 1.2.0: it did not come online within 60 s',
      ),
    ).toBeInTheDocument();
  });

  it('says updates are managed on the host when they are off there, and offers nothing to install', () => {
    open(agentWith([{ name: 'agent_updates', value: JSON.stringify({ dashboard: false, pin: null }) }]), []);
    expect(screen.getByText('Agent updates are managed on the host')).toBeInTheDocument();
    expect(screen.getByText('Updates from the dashboard are turned off on this server.')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Install an older version…' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
  });

  it('names the pinned version when the host pins one', () => {
    open(agentWith([{ name: 'agent_updates', value: JSON.stringify({ dashboard: true, pin: '1.3.0' }) }]), [
      newer[0]!,
    ]);
    expect(screen.getByText('This server is pinned to version 1.3.0.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update to Harbour' })).toBeEnabled();
  });

  it('installs an older version only as a downgrade, after its own confirmation', async () => {
    (updateAgent as jest.Mock).mockResolvedValue('Agent Update Initiated');
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Install an older version…' }));
    fireEvent.click(await screen.findByRole('radio', { name: /Dock/ }));
    expect(screen.getByText('Older versions (downgrade)')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Downgrade to Dock' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Downgrade to Dock?')).toBeInTheDocument();
    expect(within(confirm).getByText(/goes back from 1.2.0 to the older 1.1.0/)).toBeInTheDocument();
    expect(updateAgent).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Downgrade' }));
    await waitFor(() => expect(updateAgent).toHaveBeenCalledWith('a1', '1.1.0', true));
  });
});
