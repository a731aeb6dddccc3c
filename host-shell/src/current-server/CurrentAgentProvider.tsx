import { useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { agentsQueryOptions, CurrentAgentContext, type Agent, type CurrentAgentValue } from 'shared';
import type { AgentStatuses } from '../api/agent-api';
import { isServerUnavailable } from './agent-status-rules';
import { agentStatusesQueryOptions } from './agentStatusesQuery';
import { useAgentListEdits } from './useAgentListEdits';
import { useAgentSelection } from './useAgentSelection';
import { useAgentStatusTransitions } from './useAgentStatusTransitions';

/** Host-only extras beside the shared CurrentAgentContext (remotes never need them). */
export interface HostAgentValue {
  /** No server selected, offline, or unpaid. */
  isUnavailable: boolean;
  /** After register-agent: adds the server to the list and selects it. */
  addAgent(agent: Agent): void;
}

/** Exported for component tests; the app reads it through useHostAgent(). */
export const HostAgentContext = createContext<HostAgentValue | null>(null);

export function useHostAgent(): HostAgentValue {
  const value = useContext(HostAgentContext);
  if (!value) throw new Error('useHostAgent must be used within CurrentAgentProvider');
  return value;
}

const NO_STATUSES: AgentStatuses = { online: new Map(), dockerNotResponding: new Set() };

/**
 * The current server for the shell and every remote (spec section 4, Agent): the list and the
 * status polls (queries), the selection, the reactions to each poll and the list edits (hooks).
 */
export function CurrentAgentProvider({ children }: { children: ReactNode }) {
  const agentsQuery = useQuery(agentsQueryOptions());
  const agents = useMemo(() => agentsQuery.data ?? [], [agentsQuery.data]);
  const { currentAgentId, selectAgent: choose } = useAgentSelection(agents, agentsQuery.isSuccess);
  const currentAgent = agents.find((agent) => agent.id === currentAgentId) ?? null;
  const { offlineError, clearOfflineError, expectOffline } = useAgentStatusTransitions(currentAgentId);
  const statuses = useQuery(agentStatusesQueryOptions(agents.length > 0)).data ?? NO_STATUSES;
  const isOnline = currentAgentId ? statuses.online.get(currentAgentId) === true : false;
  const isDockerResponding = !currentAgentId || !statuses.dockerNotResponding.has(currentAgentId);

  const selectAgent = useCallback(
    (agentId: string | null) => {
      choose(agentId);
      clearOfflineError();
    },
    [choose, clearOfflineError],
  );
  const { addAgent } = useAgentListEdits(selectAgent, expectOffline);

  // Polls return a new map every 11 s; consumers re-render only when who is online changes.
  const onlineKey = [...statuses.online]
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
      isDockerResponding,
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
      isDockerResponding,
      selectAgent,
    ],
  );

  const hostValue = useMemo<HostAgentValue>(
    () => ({ isUnavailable: isServerUnavailable(currentAgent, isOnline), addAgent }),
    [currentAgent, isOnline, addAgent],
  );

  return (
    <CurrentAgentContext.Provider value={sharedValue}>
      <HostAgentContext.Provider value={hostValue}>{children}</HostAgentContext.Provider>
    </CurrentAgentContext.Provider>
  );
}
