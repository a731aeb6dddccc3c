import type { AgentStatuses } from '../api/agent-api';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { queryKeys } from 'shared';
import {
  AGENT_OFFLINE_ERROR,
  NEWLY_ONLINE_REFETCH_THROTTLE_MS,
  createThrottle,
  diffAgentStatuses,
  type OnlineMap,
} from './agent-status-rules';

/**
 * What each status poll changes (spec section 4, Agent), judged as the poll arrives against the
 * latest selection: the selected server going offline clears its app statuses and shows
 * 'Agent is offline' until it is back; a server newly online refetches the list (which then
 * carries its capabilities), at most once per second.
 */
export function useAgentStatusTransitions(selectedId: string | null) {
  const queryClient = useQueryClient();
  const [offlineError, setOfflineError] = useState<string | null>(null);
  const previous = useRef<OnlineMap | null>(null);
  const refetchThrottle = useRef(createThrottle(NEWLY_ONLINE_REFETCH_THROTTLE_MS));
  const selectedRef = useRef(selectedId);
  useEffect(() => {
    selectedRef.current = selectedId;
  }, [selectedId]);

  useEffect(() => {
    const statusesHash = hashKey(queryKeys.agents.statuses());
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (event.query.queryHash !== statusesHash) return;
      const next = (event.action.data as AgentStatuses).online;
      const selected = selectedRef.current;
      const transition = diffAgentStatuses(previous.current, next, selected);
      previous.current = next;
      if (transition.selectedWentOffline && selected) {
        void queryClient.resetQueries({ queryKey: queryKeys.apps.statuses(selected) });
        setOfflineError(AGENT_OFFLINE_ERROR);
      } else if (selected && next.get(selected)) {
        setOfflineError(null);
      }
      if (transition.newlyOnline.length > 0)
        refetchThrottle.current(
          () => void queryClient.invalidateQueries({ queryKey: queryKeys.agents.list() }),
        );
    });
  }, [queryClient]);

  /** A server just connected counts as offline until a poll says otherwise, so its first 'online' refetches the list. */
  const expectOffline = useCallback((agentId: string) => {
    previous.current = new Map([...(previous.current ?? []), [agentId, false]]);
  }, []);
  const clearOfflineError = useCallback(() => setOfflineError(null), []);

  return { offlineError, clearOfflineError, expectOffline };
}
