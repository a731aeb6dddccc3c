import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { ApiError, createQueryClient } from 'shared';
import { ServiceUnavailableNotice } from './ServiceUnavailableNotice';

const UNAVAILABLE = 'The service is briefly unavailable; retrying';

function Agents({ fetchAgents }: { fetchAgents: () => Promise<string[]> }) {
  const agents = useQuery({ queryKey: ['agents'], queryFn: fetchAgents });
  return <p>{agents.data ? `Servers: ${agents.data.join(', ')}` : 'Loading...'}</p>;
}

function renderWith(fetchAgents: () => Promise<string[]>) {
  render(
    <ChakraProvider>
      <QueryClientProvider client={createQueryClient()}>
        <ServiceUnavailableNotice />
        <Agents fetchAgents={fetchAgents} />
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

describe('ServiceUnavailableNotice', () => {
  it('shows the server’s 503 text while the default retries run, and goes away when one succeeds', async () => {
    const fetchAgents = jest
      .fn<Promise<string[]>, []>()
      .mockRejectedValueOnce(new ApiError(UNAVAILABLE, 'http', 503))
      .mockResolvedValue(['alpha']);
    renderWith(fetchAgents);
    expect(await screen.findByRole('status')).toHaveTextContent(UNAVAILABLE);
    expect(await screen.findByText('Servers: alpha', {}, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(UNAVAILABLE)).toBeNull());
    expect(fetchAgents).toHaveBeenCalledTimes(2);
  });

  it('says nothing for other failures (their own errors show)', async () => {
    const fetchAgents = jest
      .fn<Promise<string[]>, []>()
      .mockRejectedValueOnce(new ApiError('Failed to fetch agents: 500 Internal Server Error', 'http', 500))
      .mockResolvedValue(['alpha']);
    renderWith(fetchAgents);
    await waitFor(() => expect(fetchAgents).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('status')).toBeNull();
    expect(await screen.findByText('Servers: alpha', {}, { timeout: 3000 })).toBeInTheDocument();
  });
});
