import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { deleteAgent, type Agent } from 'shared';
import { HostAgentContext, type HostAgentValue } from '../shell/agents/CurrentAgentProvider';
import { DeleteServerPanel } from './DeleteServerPanel';

jest.mock('shared', () => ({ ...jest.requireActual('shared'), deleteAgent: jest.fn() }));

const agent: Agent = {
  id: 'a1',
  name: 'old-box',
  certificate: '',
  last_seen: null,
  organization_id: 'o',
  capabilities: [],
  features: [],
};

it('deletes the server only after the confirmation that says it cannot be undone', async () => {
  (deleteAgent as jest.Mock).mockResolvedValue(undefined);
  const host = { removeAgent: jest.fn() } as unknown as HostAgentValue;
  render(
    <ChakraProvider>
      <QueryClientProvider client={new QueryClient()}>
        <HostAgentContext.Provider value={host}>
          <DeleteServerPanel agent={agent} />
        </HostAgentContext.Provider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  expect(screen.getByText('Server Can Be Deleted')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Delete Server' }));
  expect(await screen.findByText(/This action cannot be undone/)).toBeInTheDocument();
  expect(deleteAgent).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(host.removeAgent).toHaveBeenCalledWith('a1'));
  expect(deleteAgent).toHaveBeenCalledWith('a1');
});
