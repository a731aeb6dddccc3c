import { useMutation } from '@tanstack/react-query';
import { queryKeys } from 'shared';
import { deleteRegistry } from './docker-api';

/** Deletes a registry by its address; resolves with the server's message. */
export function useDeleteRegistryMutation(agentId: string) {
  return useMutation({
    mutationFn: (address: string) => deleteRegistry(agentId, address),
    meta: { errorToast: 'Error', invalidates: [queryKeys.registries.all(agentId)] },
  });
}
