import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { eventBus, type Agent } from 'shared';
import { answerApi } from 'shared/src/test-support/api';
import { DeleteServerPanel } from './DeleteServerPanel';

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
  const fetchMock = answerApi({
    '/api/v1/agents/delete-agent': { body: { success: true, message: 'Agent deleted' } },
  });
  // The shell drops the deleted server on agent:deleted (CurrentAgentProvider.test covers that side).
  const deleted = jest.fn();
  const stop = eventBus.subscribe('agent:deleted', deleted);
  render(
    <ChakraProvider>
      <QueryClientProvider client={new QueryClient()}>
        <DeleteServerPanel agent={agent} />
      </QueryClientProvider>
    </ChakraProvider>,
  );
  expect(screen.getByText('Server Can Be Deleted')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Delete Server' }));
  expect(await screen.findByText(/This action cannot be undone/)).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(deleted).toHaveBeenCalledWith({ agentId: 'a1' }));
  expect(JSON.parse(fetchMock.mock.calls[0]![1].body)).toEqual({ agent_id: 'a1' });
  stop();
});
