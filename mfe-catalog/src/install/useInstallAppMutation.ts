import { useMutation } from '@tanstack/react-query';
import { queryKeys } from 'shared';
import { installCatalogApp, type InstallRequest } from '../catalog-api';

/** Installs a catalog app on the server; its apps are read again after. */
export function useInstallAppMutation(agentId: string) {
  return useMutation({
    mutationFn: (request: InstallRequest) => installCatalogApp(agentId, request),
    meta: { errorToast: 'Error', invalidates: [queryKeys.apps.all(agentId)] },
  });
}
