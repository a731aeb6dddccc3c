import { useMutation } from '@tanstack/react-query';
import { eventBus } from '../events/event-bus';
import { deleteAgent } from './agents';

/**
 * Deletes a server (the server refuses while its agent is online). On success the shell hears
 * `agent:deleted`: it drops the server, its cached data, and selects the next one.
 */
export function useDeleteAgentMutation(agentId: string) {
  return useMutation({
    mutationFn: () => deleteAgent(agentId),
    onSuccess: () => eventBus.publish('agent:deleted', { agentId }),
    meta: { errorToast: 'Error' },
  });
}
