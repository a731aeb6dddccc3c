import { queryOptions } from '@tanstack/react-query';
import { apiGet, queryKeys, type DeployAction, type DeployResult } from 'shared';

/** One deploy of an app's history, as get-deploy-history answers it. */
export interface DeployEntry {
  id: string;
  action: DeployAction;
  version: string | null;
  result: DeployResult;
  /** What the user was told when it failed. */
  message: string | null;
  /** Who started it (name or email); null when the account is gone. */
  user: string | null;
  started_at: number;
  duration_ms: number | null;
  output_chars: number;
}

/** While a deploy runs the list is read again this often, so its end shows. */
const RUNNING_POLL_MS = 3_000;

export const deployHistoryQueryOptions = (agentId: string, appId: string) =>
  queryOptions({
    queryKey: queryKeys.apps.history(agentId, appId),
    queryFn: async ({ signal }) =>
      (
        await apiGet<{ deploys: DeployEntry[] }>('/api/v1/apps/get-deploy-history', {
          query: { agent_id: agentId, app_id: appId },
          failureMessage: 'Failed to load the deploy history',
          signal,
        })
      ).deploys,
    refetchInterval: (query) =>
      query.state.data?.some((entry) => entry.result === 'running') ? RUNNING_POLL_MS : false,
  });
