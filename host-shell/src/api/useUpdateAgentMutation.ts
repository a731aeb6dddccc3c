import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys, useToastMessage } from 'shared';
import { updateAgent } from './agent-api';

/** Delay before the page reloads, so the user reads that the update started. */
const RELOAD_AFTER_UPDATE_MS = 1500;

/**
 * Asks a server's agent to update itself. It restarts with the new version: cached agent state is
 * dropped and the page starts afresh.
 */
export function useUpdateAgentMutation(agentId: string) {
  const queryClient = useQueryClient();
  const showToast = useToastMessage();
  return useMutation({
    mutationFn: (version: string) => updateAgent(agentId, version),
    onSuccess: () => {
      showToast({ title: 'Agent Update Initiated', status: 'success' });
      queryClient.removeQueries({ queryKey: queryKeys.agents.all() });
      window.setTimeout(() => window.location.reload(), RELOAD_AFTER_UPDATE_MS);
    },
    meta: { errorToast: 'Update Failed' },
  });
}
