import { useMutation } from '@tanstack/react-query';
import { controlApp, queryKeys, type AppOperation } from 'shared';
import { operationFailure } from './detail/app-controls';

/** Starts, stops, restarts, updates or redeploys an app; the server's apps are read again after. */
export function useControlAppMutation(agentId: string, appId: string) {
  return useMutation({
    mutationFn: (operation: AppOperation) => controlApp(agentId, appId, operation),
    meta: {
      errorToast: (_error, operation) => ({
        title: 'Error',
        description: operationFailure(operation as AppOperation),
      }),
      invalidates: [queryKeys.apps.all(agentId)],
    },
  });
}
