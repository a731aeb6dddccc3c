import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { agentScopedRoots, queryKeys, useEventSubscription, type Agent } from 'shared';

/**
 * Changes to the cached server list that do not wait for a refetch: a server just connected joins
 * and is selected; a deleted one (`agent:deleted`, from useDeleteAgentMutation) leaves with every
 * cached query of its own, and the next remaining server is selected.
 */
export function useAgentListEdits(
  selectAgent: (agentId: string | null) => void,
  expectOffline: (agentId: string) => void,
) {
  const queryClient = useQueryClient();

  const addAgent = useCallback(
    (agent: Agent) => {
      queryClient.setQueryData<Agent[]>(queryKeys.agents.list(), (list = []) => [
        ...list.filter((a) => a.id !== agent.id),
        agent,
      ]);
      expectOffline(agent.id);
      selectAgent(agent.id);
      void queryClient.invalidateQueries({ queryKey: queryKeys.agents.statuses() });
    },
    [queryClient, selectAgent, expectOffline],
  );

  useEventSubscription('agent:deleted', ({ agentId }) => {
    const remaining = (queryClient.getQueryData<Agent[]>(queryKeys.agents.list()) ?? []).filter(
      (a) => a.id !== agentId,
    );
    queryClient.setQueryData<Agent[]>(queryKeys.agents.list(), remaining);
    for (const queryKey of agentScopedRoots(agentId)) queryClient.removeQueries({ queryKey });
    selectAgent(remaining[0]?.id ?? null);
  });

  return { addAgent };
}
