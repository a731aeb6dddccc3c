import { queryOptions } from '@tanstack/react-query';
import { apiGet, queryKeys, type DeployHistoryEntry } from 'shared';

/** While a deploy runs the list is read again this often, so its end shows. */
const RUNNING_POLL_MS = 3_000;

export const deployHistoryQueryOptions = (agentId: string, appId: string) =>
  queryOptions({
    queryKey: queryKeys.apps.history(agentId, appId),
    queryFn: async ({ signal }) =>
      (
        await apiGet<{ deploys: DeployHistoryEntry[] }>('/api/v1/apps/get-deploy-history', {
          query: { agent_id: agentId, app_id: appId },
          failureMessage: 'Failed to load the deploy history',
          signal,
        })
      ).deploys,
    refetchInterval: (query) =>
      query.state.data?.some((entry) => entry.result === 'running') ? RUNNING_POLL_MS : false,
  });
