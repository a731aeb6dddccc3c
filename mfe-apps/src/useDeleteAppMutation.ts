import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteApp, queryKeys } from 'shared';
import { forgetStoredDetails } from './app-api';

/** Deletes an app (keeping its data volumes on request); its details are dropped before the server's apps are read again (never refetched). */
export function useDeleteAppMutation(agentId: string, appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ keepVolumes }: { keepVolumes: boolean }) => deleteApp(agentId, appId, keepVolumes),
    onSuccess: () => {
      forgetStoredDetails(agentId, appId);
      queryClient.removeQueries({ queryKey: queryKeys.apps.details(agentId, appId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.apps.all(agentId) });
    },
    meta: { errorToast: { title: 'Error', description: 'Failed to delete the app. Please try again.' } },
  });
}
