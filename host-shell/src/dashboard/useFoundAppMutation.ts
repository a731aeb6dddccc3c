import { useMutation } from '@tanstack/react-query';
import { queryKeys, settleFoundApp } from 'shared';

export interface FoundAppAction {
  appId: string;
  action: 'adopt' | 'remove';
}

/** Adopts or removes an app found on the server; the server's apps and inventory are read again after. */
export function useFoundAppMutation(agentId: string) {
  return useMutation({
    mutationFn: ({ appId, action }: FoundAppAction) => settleFoundApp(agentId, appId, action),
    meta: { errorToast: 'Error', invalidates: [queryKeys.apps.all(agentId)] },
  });
}
