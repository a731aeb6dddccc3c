import { useMutation } from '@tanstack/react-query';
import { queryKeys } from 'shared';
import { forgetStoredDetails, updateAppIcon } from './app-api';

export function useUpdateAppIconMutation(agentId: string, appId: string) {
  return useMutation({
    mutationFn: ({ icon, color }: { icon: string; color: string }) =>
      updateAppIcon(agentId, appId, icon, color),
    onSuccess: () => forgetStoredDetails(agentId, appId),
    meta: {
      errorToast: { title: 'Error', description: 'Failed to update the app icon. Please try again.' },
      invalidates: [queryKeys.apps.all(agentId)],
    },
  });
}
