import { useMutation } from '@tanstack/react-query';
import { queryKeys } from 'shared';
import { deleteNetwork } from './docker-api';

/** Deletes a Docker network by its name; resolves with the server's message. */
export function useDeleteNetworkMutation(agentId: string) {
  return useMutation({
    mutationFn: (name: string) => deleteNetwork(agentId, name),
    meta: { errorToast: 'Error', invalidates: [queryKeys.networks.all(agentId)] },
  });
}
