import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from 'shared';
import { deleteApp, forgetStoredDetails } from './app-api';

/** Deletes an app; its details are dropped before the server's apps are read again (never refetched). */
export function useDeleteAppMutation(agentId: string, appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteApp(agentId, appId),
    onSuccess: () => {
      forgetStoredDetails(agentId, appId);
      queryClient.removeQueries({ queryKey: queryKeys.apps.details(agentId, appId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.apps.all(agentId) });
    },
    meta: { errorToast: { title: 'Error', description: 'Failed to delete the app. Please try again.' } },
  });
}
