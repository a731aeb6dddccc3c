import { useMutation } from '@tanstack/react-query';
import { queryKeys } from 'shared';
import { saveApp } from './app-api';

/** Creates an app from the editor's payload (built when the call starts: secrets are encrypted then). */
export function useCreateAppMutation(agentId: string) {
  return useMutation({
    mutationFn: async (buildPayload: () => Promise<object>) =>
      saveApp(agentId, 'create', await buildPayload()),
    meta: { errorToast: 'Error', invalidates: [queryKeys.apps.all(agentId)] },
  });
}
