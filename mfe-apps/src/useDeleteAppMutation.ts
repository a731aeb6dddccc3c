import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteApp, queryKeys } from 'shared';
import { forgetStoredDetails } from './app-api';

/**
 * Deletes an app (keeping its data volumes on request); its details are dropped before the server's
 * apps are read again (never refetched). `changedAppIds`: apps whose details the delete changes (the
 * apps exposed through a deleted proxy read as None): their stored copies are dropped too.
 */
export function useDeleteAppMutation(agentId: string, appId: string, changedAppIds: string[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ keepVolumes }: { keepVolumes: boolean }) => deleteApp(agentId, appId, keepVolumes),
    onSuccess: () => {
      for (const id of [appId, ...changedAppIds]) forgetStoredDetails(agentId, id);
      queryClient.removeQueries({ queryKey: queryKeys.apps.details(agentId, appId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.apps.all(agentId) });
    },
    meta: { errorToast: { title: 'Error', description: 'Failed to delete the app. Please try again.' } },
  });
}
