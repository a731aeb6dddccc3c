import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { eventBus, queryKeys, useCurrentAgent, type Agent } from 'shared';
import { fetchAgentStatuses, type AgentStatuses } from '../api/agent-api';
import { CurrentAgentProvider, useHostAgent } from './CurrentAgentProvider';

jest.mock('../api/agent-api', () => ({ fetchAgentStatuses: jest.fn() }));
const statusesMock = fetchAgentStatuses as jest.MockedFunction<typeof fetchAgentStatuses>;

/** A poll's answer: online flags, and the online servers whose Docker does not answer. */
const statusesOf = (
  online: Array<[string, boolean]> = [],
  dockerNotResponding: string[] = [],
): AgentStatuses => ({ online: new Map(online), dockerNotResponding: new Set(dockerNotResponding) });

const agent = (id: string, subscription_status: Agent['subscription_status'] = 'paid'): Agent => ({
  id,
  name: id,
  certificate: '',
  last_seen: null,
  organization_id: 'o',
  subscription_status,
  capabilities: [],
  features: [],
});

function Probe() {
  const { currentAgentId, isOnline, agentError } = useCurrentAgent();
  const { isUnavailable } = useHostAgent();
  return <p data-testid="probe">{`${currentAgentId}|${isOnline}|${agentError}|${isUnavailable}`}</p>;
}

function setup(agents: Agent[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(queryKeys.agents.list(), agents);
  render(
    <QueryClientProvider client={queryClient}>
      <CurrentAgentProvider>
        <Probe />
      </CurrentAgentProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

const probe = () => screen.getByTestId('probe').textContent;

function DockerProbe() {
  const { isOnline, isDockerResponding } = useCurrentAgent();
  return <p data-testid="docker">{`${isOnline}|${isDockerResponding}`}</p>;
}

describe('CurrentAgentProvider', () => {
  beforeEach(() => {
    localStorage.clear();
    statusesMock.mockReset();
  });

  it('takes the stored agent_id when it still exists', async () => {
    localStorage.setItem('agent_id', 'b');
    statusesMock.mockResolvedValue(statusesOf([['b', true]]));
    setup([agent('a'), agent('b')]);
    await waitFor(() => expect(probe()).toBe('b|true|null|false'));
  });

  it('otherwise chooses the first agent and stores it', async () => {
    localStorage.setItem('agent_id', 'gone');
    statusesMock.mockResolvedValue(statusesOf());
    const selected = jest.fn();
    const unsubscribe = eventBus.subscribe('agent:selected', selected);
    setup([agent('a'), agent('b')]);
    await waitFor(() => expect(localStorage.getItem('agent_id')).toBe('a'));
    expect(selected).toHaveBeenCalledWith({ agentId: 'a' });
    expect(probe()).toBe('a|false|null|true');
    unsubscribe();
  });

  it('drops a server deleted elsewhere (agent:deleted) and selects the next one', async () => {
    localStorage.setItem('agent_id', 'a');
    statusesMock.mockResolvedValue(statusesOf());
    const queryClient = setup([agent('a'), agent('b')]);
    await waitFor(() => expect(probe()).toMatch(/^a\|/));
    act(() => eventBus.publish('agent:deleted', { agentId: 'a' }));
    await waitFor(() => expect(probe()).toMatch(/^b\|/));
    expect(queryClient.getQueryData<Agent[]>(queryKeys.agents.list())?.map((a) => a.id)).toEqual(['b']);
    expect(localStorage.getItem('agent_id')).toBe('b');
  });

  it("forgets every cached query of a deleted server, and no other server's", async () => {
    statusesMock.mockResolvedValue(statusesOf());
    const queryClient = setup([agent('a'), agent('b')]);
    for (const id of ['a', 'b']) {
      queryClient.setQueryData(queryKeys.apps.list(id), []);
      queryClient.setQueryData(queryKeys.catalog.list(id), []);
      queryClient.setQueryData(queryKeys.networks.list(id), []);
      queryClient.setQueryData(queryKeys.agents.versions(id), []);
    }
    act(() => eventBus.publish('agent:deleted', { agentId: 'a' }));
    expect(queryClient.getQueryData(queryKeys.apps.list('a'))).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.catalog.list('a'))).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.networks.list('a'))).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.agents.versions('a'))).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.apps.list('b'))).toEqual([]);
    expect(queryClient.getQueryData(queryKeys.agents.versions('b'))).toEqual([]);
  });

  it('a status poll that changes nothing re-renders no consumer', async () => {
    statusesMock.mockResolvedValue(statusesOf([['a', true]]));
    const rendered = jest.fn();
    function Counter() {
      const { isAgentOnline } = useCurrentAgent();
      rendered();
      return <span data-testid="online-a">{String(isAgentOnline('a'))}</span>;
    }
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(queryKeys.agents.list(), [agent('a')]);
    render(
      <QueryClientProvider client={queryClient}>
        <CurrentAgentProvider>
          <Counter />
        </CurrentAgentProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('online-a')).toHaveTextContent('true'));
    const settled = rendered.mock.calls.length;
    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.agents.statuses() }));
    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.agents.statuses() }));
    expect(statusesMock.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(rendered).toHaveBeenCalledTimes(settled);
  });

  it('is unavailable when the selected server is unpaid', async () => {
    statusesMock.mockResolvedValue(statusesOf([['a', true]]));
    setup([agent('a', 'unpaid')]);
    await waitFor(() => expect(probe()).toBe('a|true|null|true'));
  });

  it('sets Agent is offline and clears app statuses when the selected agent goes offline', async () => {
    statusesMock
      .mockResolvedValueOnce(statusesOf([['a', true]]))
      .mockResolvedValue(statusesOf([['a', false]]));
    const queryClient = setup([agent('a')]);
    await waitFor(() => expect(probe()).toBe('a|true|null|false'));
    queryClient.setQueryData(queryKeys.apps.statuses('a'), { app: 1 });
    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.agents.statuses() }));
    await waitFor(() => expect(probe()).toBe('a|false|Agent is offline|true'));
    expect(queryClient.getQueryData(queryKeys.apps.statuses('a'))).toBeUndefined();
  });

  it('refetches the agent list when an agent newly comes online, at most once per second', async () => {
    statusesMock
      .mockResolvedValueOnce(
        statusesOf([
          ['a', false],
          ['b', false],
        ]),
      )
      .mockResolvedValueOnce(
        statusesOf([
          ['a', true],
          ['b', false],
        ]),
      )
      .mockResolvedValueOnce(
        statusesOf([
          ['a', true],
          ['b', true],
        ]),
      );
    const queryClient = setup([agent('a'), agent('b')]);
    await waitFor(() => expect(statusesMock).toHaveBeenCalledTimes(1));
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.agents.statuses() }));
    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.agents.statuses() }));
    const listRefetches = invalidate.mock.calls.filter(
      ([filters]) => JSON.stringify(filters?.queryKey) === JSON.stringify(queryKeys.agents.list()),
    );
    expect(listRefetches).toHaveLength(1);
  });

  it('tells remotes when the current server is online but its Docker does not answer, and when it is back', async () => {
    localStorage.setItem('agent_id', 'a');
    statusesMock
      .mockResolvedValueOnce(statusesOf([['a', true]], ['a']))
      .mockResolvedValue(statusesOf([['a', true]]));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(queryKeys.agents.list(), [agent('a')]);
    render(
      <QueryClientProvider client={queryClient}>
        <CurrentAgentProvider>
          <DockerProbe />
        </CurrentAgentProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('docker')).toHaveTextContent('true|false'));
    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.agents.statuses() }));
    await waitFor(() => expect(screen.getByTestId('docker')).toHaveTextContent('true|true'));
  });
});
