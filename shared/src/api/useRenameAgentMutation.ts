import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../query/query-keys';
import type { Agent } from '../types';
import { renameAgent } from './agents';

/** Renames a server; the cached list takes the new name, so the sidebar and dashboard follow without a refetch. */
export function useRenameAgentMutation(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => renameAgent(agentId, name),
    onSuccess: (_message, name) =>
      queryClient.setQueryData<Agent[]>(queryKeys.agents.list(), (list) =>
        list?.map((entry) => (entry.id === agentId ? { ...entry, name } : entry)),
      ),
    meta: { errorToast: 'Rename Failed' },
  });
}
