import { useMutation } from '@tanstack/react-query';
import { queryKeys } from 'shared';
import { createNetwork } from './docker-api';

/** Creates a Docker network; resolves with the server's message. */
export function useCreateNetworkMutation(agentId: string) {
  return useMutation({
    mutationFn: (name: string) => createNetwork(agentId, name),
    meta: { errorToast: 'Error', invalidates: [queryKeys.networks.all(agentId)] },
  });
}
