import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import {
  agentsQueryOptions,
  configureApiClient,
  createQueryClient,
  CurrentAgentContext,
  type Agent,
  type CurrentAgentValue,
} from 'shared';
import ServerSettingsPage from './ServerSettingsPage';

const agent: Agent = {
  id: 'agent-1',
  name: 'web-01',
  certificate: '',
  last_seen: null,
  organization_id: 'org-1',
  subscription_status: 'paid',
  capabilities: [],
  features: [],
};

function renderPage(currentAgentId: string | null) {
  const fetchMock = jest.fn();
  configureApiClient({ ensureAuthenticated: () => true, fetch: fetchMock });
  const client = createQueryClient();
  // What the host's shell already fetched.
  client.setQueryData(agentsQueryOptions().queryKey, [agent]);
  const agentValue: CurrentAgentValue = {
    agents: [agent],
    isLoadingAgents: false,
    agentError: null,
    currentAgentId,
    currentAgent: currentAgentId ? agent : null,
    isOnline: true,
    selectAgent: jest.fn(),
  };
  render(
    <ChakraProvider>
      <QueryClientProvider client={client}>
        <CurrentAgentContext.Provider value={agentValue}>
          <MemoryRouter>
            <ServerSettingsPage />
          </MemoryRouter>
        </CurrentAgentContext.Provider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return fetchMock;
}

describe('ServerSettingsPage', () => {
  it('reads the current server from the shared cache without asking the server again', async () => {
    const fetchMock = renderPage('agent-1');
    expect(await screen.findByText('web-01')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks to pick a server when none is selected', async () => {
    renderPage(null);
    expect(
      await screen.findByText(
        'No server selected. Please select a server from the sidebar to access settings.',
      ),
    ).toBeInTheDocument();
  });
});
