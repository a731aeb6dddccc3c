import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { eventBus, type Agent } from 'shared';
import { agentVersionsQueryOptions } from './agent-versions';
import { useAgentUpdateNotice } from './useAgentUpdateNotice';

const agent = (version: string): Agent => ({
  id: 'a1',
  name: 'prod-1',
  certificate: '',
  last_seen: null,
  organization_id: 'o',
  subscription_status: 'free',
  capabilities: [{ name: 'agent_version', value: version }],
  features: [],
});

function Probe({ server }: { server: Agent }) {
  const available = useAgentUpdateNotice(server);
  return <span data-testid="available">{String(available)}</span>;
}

it("raises one 'Update Available' toast per server when a newer agent version exists", () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(agentVersionsQueryOptions('a1').queryKey, [
    { version_number: '1.3.0', name: '1.3.0', is_beta: false, message: '', url: '' },
  ]);
  const toasts = jest.fn();
  const stop = eventBus.subscribe('toast:show', toasts);
  const ui = (server: Agent) => (
    <QueryClientProvider client={queryClient}>
      <Probe server={server} />
    </QueryClientProvider>
  );
  const { rerender, getByTestId } = render(ui(agent('1.2.0')));
  expect(getByTestId('available')).toHaveTextContent('true');
  rerender(ui({ ...agent('1.2.0'), name: 'prod-1' }));
  expect(toasts).toHaveBeenCalledTimes(1);
  expect(toasts).toHaveBeenCalledWith({
    title: 'Update Available',
    description: 'A newer agent version is available for prod-1.',
  });

  rerender(ui(agent('1.3.0')));
  expect(getByTestId('available')).toHaveTextContent('false');
  expect(toasts).toHaveBeenCalledTimes(1);
  stop();
});
