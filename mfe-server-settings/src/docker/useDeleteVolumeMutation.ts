import { useMutation } from '@tanstack/react-query';
import { queryKeys } from 'shared';
import { deleteVolume } from './docker-api';

/** Deletes a Docker volume that belongs to no app; resolves with the server's message. */
export function useDeleteVolumeMutation(agentId: string) {
  return useMutation({
    mutationFn: (name: string) => deleteVolume(agentId, name),
    meta: { errorToast: 'Error', invalidates: [queryKeys.volumes.all(agentId)] },
  });
}
