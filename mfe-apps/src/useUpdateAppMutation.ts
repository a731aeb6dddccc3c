import { useMutation } from '@tanstack/react-query';
import { queryKeys } from 'shared';
import { forgetStoredDetails, saveApp } from './app-api';

/** Saves and deploys an app's edited configuration (payload built when the call starts). */
export function useUpdateAppMutation(agentId: string, appId: string) {
  return useMutation({
    mutationFn: async (buildPayload: () => Promise<object>) =>
      saveApp(agentId, 'update', await buildPayload()),
    onSuccess: () => forgetStoredDetails(agentId, appId),
    meta: { errorToast: 'Error', invalidates: [queryKeys.apps.all(agentId)] },
  });
}
