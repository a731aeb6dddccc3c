import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, apiGet, queryKeys, type DeployAction } from 'shared';

/** A running deploy's state as the agent last reported it (the server's get-deploy-progress). */
export interface DeployProgress {
  step: 'preparing' | 'pulling' | 'building' | 'starting' | 'rolling-back';
  cancelled: boolean;
  images: {
    service: string;
    state: 'pulling' | 'pulled' | 'failed';
    layers_total: number;
    layers_done: number;
    bytes_done: number;
    bytes_total: number;
  }[];
  builds: { service: string; done: boolean; lines: string[] }[];
  services: { service: string; state: string; at_ms: number }[];
}

export interface RunningDeploy {
  id: string;
  action: DeployAction;
  version: string | null;
  started_at: number;
  /** On the server's clock when it answered. */
  elapsed_ms: number;
  /** Null until the agent reports. */
  progress: DeployProgress | null;
}

/** How often the panel reads the deploy again while it runs (or while this page starts one). */
const PROGRESS_POLL_MS = 1_000;

/** Under the app's server root, beside its history: invalidating the server's apps reads it again. */
const deployProgressKey = (agentId: string, appId: string) =>
  [...queryKeys.apps.all(agentId), 'progress', appId] as const;

/**
 * The app's running deploy, read again every second while one runs (or `watching`: this page just
 * started one); read once otherwise, so a page with nothing running costs one request.
 */
export const deployProgressQueryOptions = (agentId: string, appId: string, watching: boolean) =>
  queryOptions({
    queryKey: deployProgressKey(agentId, appId),
    queryFn: async ({ signal }) => {
      const { deploy } = await apiGet<{ deploy: RunningDeploy | null }>('/api/v1/apps/get-deploy-progress', {
        query: { agent_id: agentId, app_id: appId },
        failureMessage: 'Failed to load the deploy progress',
        signal,
      });
      return { deploy, readAt: Date.now() };
    },
    refetchInterval: (query) => (watching || query.state.data?.deploy ? PROGRESS_POLL_MS : false),
  });

/** Asks the server to stop the deploy; the app is then put back as it was before it. */
export function useCancelDeployMutation(agentId: string, appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deployId: string) =>
      apiCall<unknown>('/api/v1/apps/cancel-deploy', {
        method: 'POST',
        query: { agent_id: agentId },
        body: { app_id: appId, deploy_id: deployId },
        failureMessage: 'Failed to cancel the deploy',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deployProgressKey(agentId, appId) }),
    meta: { errorToast: 'Error' },
  });
}
