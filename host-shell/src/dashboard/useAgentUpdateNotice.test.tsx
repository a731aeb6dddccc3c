import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { eventBus, type Agent, type AgentVersion } from 'shared';
import { agentVersionsQueryOptions } from './agent-versions';
import { useAgentUpdateNotice } from './useAgentUpdateNotice';

const server = (id: string, name: string, version: string): Agent => ({
  id,
  name,
  certificate: '',
  last_seen: null,
  organization_id: 'o',
  subscription_status: 'free',
  capabilities: [{ name: 'agent_version', value: version }],
  features: [],
});

const release = (version: string, is_beta = false): AgentVersion => ({
  version_number: version,
  name: version,
  is_beta,
  message: '',
  url: '',
});

function Probe({ agent }: { agent: Agent }) {
  const available = useAgentUpdateNotice(agent);
  return <span data-testid="available">{String(available)}</span>;
}

let queryClient: QueryClient;
const toasts = jest.fn();
let stop: () => void;
beforeEach(() => {
  localStorage.clear();
  toasts.mockReset();
  stop = eventBus.subscribe('toast:show', toasts);
  queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
});
afterEach(() => stop());

const ui = (agent: Agent) => (
  <QueryClientProvider client={queryClient}>
    <Probe agent={agent} />
  </QueryClientProvider>
);
const announcedFor = (name: string) => ({
  title: 'Update Available',
  description: `A newer agent version is available for ${name}.`,
  polite: true,
});

it("raises one 'Update Available' toast per server when a newer agent version exists", () => {
  queryClient.setQueryData(agentVersionsQueryOptions('a1').queryKey, [
    release('1.3.0'),
    release('1.4.0', true),
  ]);
  const { rerender, getByTestId } = render(ui(server('a1', 'prod-1', '1.2.0')));
  expect(getByTestId('available')).toHaveTextContent('true');
  rerender(ui(server('a1', 'prod-1', '1.2.0')));
  expect(toasts).toHaveBeenCalledTimes(1);
  expect(toasts).toHaveBeenCalledWith(announcedFor('prod-1'));

  rerender(ui(server('a1', 'prod-1', '1.3.0')));
  expect(getByTestId('available')).toHaveTextContent('false');
  expect(toasts).toHaveBeenCalledTimes(1);
});

it('stays dismissed for the same version when the dashboard opens again, and returns for a newer release', () => {
  queryClient.setQueryData(agentVersionsQueryOptions('a1').queryKey, [release('1.3.0')]);
  const first = render(ui(server('a1', 'prod-1', '1.2.0')));
  expect(toasts).toHaveBeenCalledTimes(1);
  first.unmount();

  // Another page and back, or a reload: the same release is not announced again.
  const again = render(ui(server('a1', 'prod-1', '1.2.0')));
  expect(again.getByTestId('available')).toHaveTextContent('true');
  expect(toasts).toHaveBeenCalledTimes(1);
  again.unmount();

  queryClient.setQueryData(agentVersionsQueryOptions('a1').queryKey, [release('1.3.0'), release('1.4.0')]);
  render(ui(server('a1', 'prod-1', '1.2.0')));
  expect(toasts).toHaveBeenCalledTimes(2);
});

it('names the server whose agent is outdated when several are connected', () => {
  queryClient.setQueryData(agentVersionsQueryOptions('a1').queryKey, [release('1.3.0')]);
  queryClient.setQueryData(agentVersionsQueryOptions('a2').queryKey, [release('1.3.0')]);
  const { rerender } = render(ui(server('a1', 'current-one', '1.3.0')));
  expect(toasts).not.toHaveBeenCalled();
  rerender(ui(server('a2', 'old-one', '1.1.0')));
  expect(toasts).toHaveBeenCalledTimes(1);
  expect(toasts).toHaveBeenCalledWith(announcedFor('old-one'));
  rerender(ui(server('a1', 'current-one', '1.3.0')));
  expect(toasts).toHaveBeenCalledTimes(1);
});
