import { useMutation } from '@tanstack/react-query';
import { queryKeys } from 'shared';
import { forgetStoredDetails, updateAppName } from './app-api';

export function useRenameAppMutation(agentId: string, appId: string) {
  return useMutation({
    mutationFn: (name: string) => updateAppName(agentId, appId, name),
    onSuccess: () => forgetStoredDetails(agentId, appId),
    meta: {
      errorToast: { title: 'Error', description: 'Failed to rename the app. Please try again.' },
      invalidates: [queryKeys.apps.all(agentId)],
    },
  });
}
