import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  agentScopedRoots,
  agentsQueryOptions,
  CurrentAgentContext,
  eventBus,
  queryKeys,
  useEventSubscription,
  type Agent,
  type CurrentAgentValue,
} from 'shared';
import { fetchAgentStatuses } from '../../api/agent-api';
import {
  AGENT_OFFLINE_ERROR,
  AGENT_STATUS_POLL_MS,
  AGENT_STATUS_STALE_MS,
  NEWLY_ONLINE_REFETCH_THROTTLE_MS,
  createThrottle,
  diffAgentStatuses,
  isServerUnavailable,
  type OnlineMap,
} from './agent-status-rules';
import { AGENT_ID_KEY, chooseCurrentAgentId } from './current-agent-choice';

/** Host-only extras beside the shared CurrentAgentContext (remotes never need them). */
export interface HostAgentValue {
  /** No server selected, offline, or unpaid. */
  isUnavailable: boolean;
  pausePolling(): void;
  resumePolling(): void;
  /** After register-agent: adds the server to the list and selects it. */
  addAgent(agent: Agent): void;
  /** After delete-agent: drops it and selects the next remaining server, or none. */
  removeAgent(agentId: string): void;
}

/** Exported for component tests; the app reads it through useHostAgent(). */
export const HostAgentContext = createContext<HostAgentValue | null>(null);

export function useHostAgent(): HostAgentValue {
  const value = useContext(HostAgentContext);
  if (!value) throw new Error('useHostAgent must be used within CurrentAgentProvider');
  return value;
}

function readStoredAgentId(): string | null {
  try {
    return localStorage.getItem(AGENT_ID_KEY);
  } catch {
    return null;
  }
}

function storeAgentId(agentId: string | null): void {
  try {
    if (agentId) localStorage.setItem(AGENT_ID_KEY, agentId);
    else localStorage.removeItem(AGENT_ID_KEY);
  } catch {
    // Storage may be disabled; the selection still holds for this page.
  }
}

const NO_STATUSES: OnlineMap = new Map();

/** Current-agent rules of spec section 4 (Agent): selection, status polling and transitions. */
export function CurrentAgentProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const agentsQuery = useQuery(agentsQueryOptions());
  const agents = useMemo(() => agentsQuery.data ?? [], [agentsQuery.data]);
  const [storedId, setStoredId] = useState<string | null>(readStoredAgentId);
  const [paused, setPaused] = useState(false);
  const [offlineError, setOfflineError] = useState<string | null>(null);

  const currentAgentId = agentsQuery.isSuccess ? chooseCurrentAgentId(agents, storedId) : storedId;
  const currentAgent = agents.find((agent) => agent.id === currentAgentId) ?? null;

  const selectAgent = useCallback((agentId: string | null) => {
    storeAgentId(agentId);
    setStoredId(agentId);
    setOfflineError(null);
    eventBus.publish('agent:selected', { agentId });
  }, []);

  // The first agent is chosen and stored when the stored one is missing or gone.
  useEffect(() => {
    if (!agentsQuery.isSuccess || currentAgentId === readStoredAgentId()) return;
    storeAgentId(currentAgentId);
    eventBus.publish('agent:selected', { agentId: currentAgentId });
  }, [agentsQuery.isSuccess, currentAgentId]);

  // Transitions are judged as each poll arrives (not in an effect), against the latest selection.
  const selectedIdRef = useRef(currentAgentId);
  useEffect(() => {
    selectedIdRef.current = currentAgentId;
  }, [currentAgentId]);
  const previousStatuses = useRef<OnlineMap | null>(null);
  const refetchThrottle = useRef(createThrottle(NEWLY_ONLINE_REFETCH_THROTTLE_MS));
  const onStatuses = useCallback(
    (next: OnlineMap) => {
      const selectedId = selectedIdRef.current;
      const transition = diffAgentStatuses(previousStatuses.current, next, selectedId);
      previousStatuses.current = next;
      if (transition.selectedWentOffline && selectedId) {
        void queryClient.resetQueries({ queryKey: queryKeys.apps.statuses(selectedId) });
        setOfflineError(AGENT_OFFLINE_ERROR);
      } else if (selectedId && next.get(selectedId)) {
        setOfflineError(null);
      }
      if (transition.newlyOnline.length > 0) {
        refetchThrottle.current(
          () => void queryClient.invalidateQueries({ queryKey: queryKeys.agents.list() }),
        );
      }
    },
    [queryClient],
  );

  const statusesQuery = useQuery({
    queryKey: queryKeys.agents.statuses(),
    queryFn: async ({ signal }) => {
      const next = await fetchAgentStatuses(signal);
      onStatuses(next);
      return next;
    },
    enabled: agents.length > 0,
    refetchInterval: paused ? false : AGENT_STATUS_POLL_MS,
    staleTime: AGENT_STATUS_STALE_MS,
  });
  const statuses = statusesQuery.data ?? NO_STATUSES;

  const isOnline = currentAgentId ? statuses.get(currentAgentId) === true : false;

  const addAgent = useCallback(
    (agent: Agent) => {
      queryClient.setQueryData<Agent[]>(queryKeys.agents.list(), (list = []) => [
        ...list.filter((a) => a.id !== agent.id),
        agent,
      ]);
      // Known as offline until a poll says otherwise, so its first 'online' refetches the list
      // (which then carries the capabilities the agent reports once connected).
      previousStatuses.current = new Map([...(previousStatuses.current ?? []), [agent.id, false]]);
      selectAgent(agent.id);
      void queryClient.invalidateQueries({ queryKey: queryKeys.agents.statuses() });
    },
    [queryClient, selectAgent],
  );

  const removeAgent = useCallback(
    (agentId: string) => {
      const remaining = (queryClient.getQueryData<Agent[]>(queryKeys.agents.list()) ?? []).filter(
        (a) => a.id !== agentId,
      );
      queryClient.setQueryData<Agent[]>(queryKeys.agents.list(), remaining);
      for (const queryKey of agentScopedRoots(agentId)) queryClient.removeQueries({ queryKey });
      selectAgent(remaining[0]?.id ?? null);
    },
    [queryClient, selectAgent],
  );

  // useDeleteAgentMutation (dashboard, Server Settings) says so; the shell keeps the list and the choice.
  useEventSubscription('agent:deleted', ({ agentId }) => removeAgent(agentId));

  // Polls return a new map every 11 s; consumers re-render only when who is online changes.
  const onlineKey = [...statuses]
    .filter(([, online]) => online)
    .map(([agentId]) => agentId)
    .sort()
    .join('\n');
  const isAgentOnline = useCallback(
    (agentId: string) => onlineKey.split('\n').includes(agentId),
    [onlineKey],
  );

  const sharedValue = useMemo<CurrentAgentValue>(
    () => ({
      agents,
      isLoadingAgents: agentsQuery.isLoading,
      agentError: agentsQuery.error?.message ?? offlineError,
      currentAgentId,
      currentAgent,
      isOnline,
      isAgentOnline,
      selectAgent,
    }),
    [
      isAgentOnline,
      agents,
      agentsQuery.isLoading,
      agentsQuery.error,
      offlineError,
      currentAgentId,
      currentAgent,
      isOnline,
      selectAgent,
    ],
  );

  const hostValue = useMemo<HostAgentValue>(
    () => ({
      isUnavailable: isServerUnavailable(currentAgent, isOnline),
      pausePolling: () => setPaused(true),
      resumePolling: () => setPaused(false),
      addAgent,
      removeAgent,
    }),
    [currentAgent, isOnline, addAgent, removeAgent],
  );

  return (
    <CurrentAgentContext.Provider value={sharedValue}>
      <HostAgentContext.Provider value={hostValue}>{children}</HostAgentContext.Provider>
    </CurrentAgentContext.Provider>
  );
}
