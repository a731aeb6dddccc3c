import { useMutation } from '@tanstack/react-query';
import { controlApp, deleteApp, queryKeys } from 'shared';

export interface MissingAppAction {
  appId: string;
  action: 'redeploy' | 'delete';
}

/** Redeploys an app its server lost, or deletes its record; the server's apps are read again after. */
export function useMissingAppMutation(agentId: string) {
  return useMutation({
    mutationFn: async ({ appId, action }: MissingAppAction) => {
      if (action === 'redeploy') await controlApp(agentId, appId, 'redeploy');
      // The server holds nothing of it: there are no volumes to keep.
      else await deleteApp(agentId, appId, false);
    },
    meta: { errorToast: 'Error', invalidates: [queryKeys.apps.all(agentId)] },
  });
}
