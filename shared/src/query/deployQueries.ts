import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '../api/ApiError';
import { apiGet } from '../api/client';
import { queryKeys } from './query-keys';

/**
 * One deploy's full compose output; a finished deploy's never changes, so it is read once. Without
 * `appId` the deploy is found among the server's (a failed create or install left no app).
 */
export const deployOutputQueryOptions = (agentId: string, deployId: string, appId?: string) =>
  queryOptions({
    // The deploy id alone identifies it; a failed create's sits under no app.
    queryKey: queryKeys.apps.deployOutput(agentId, appId ?? '', deployId),
    queryFn: async ({ signal }) =>
      (
        await apiGet<{ output: string }>('/api/v1/apps/get-deploy-output', {
          query: { agent_id: agentId, app_id: appId, deploy_id: deployId },
          failureMessage: 'Failed to load the deploy output',
          signal,
        })
      ).output,
    staleTime: Infinity,
  });

export type DeployOutputQuery = ReturnType<typeof deployOutputQueryOptions>;

/** The app page's History tab, opened at one deploy. */
export function deployHistoryPath(appId: string, deployId: string): string {
  const query = new URLSearchParams({ tab: 'history', deploy: deployId });
  return `/app/${encodeURIComponent(appId)}?${query.toString()}`;
}

/** What the error block of a failed call shows (shared/src/ui/DeployFailure). */
export interface DeployFailureProps {
  message: string;
  /** The deploy's full output, when the failure names its deploy. */
  output: DeployOutputQuery | null;
  /** Its entry in the app's history, when the app exists. */
  historyPath: string | null;
}

/**
 * The error block of a failed install, create, update, redeploy, start or delete: the server's
 * message, and (when its answer names the deploy) the output and the history entry. `appId` is
 * null where the failure left no app (a create or install is rolled back).
 */
export function deployFailureProps(error: Error, agentId: string, appId: string | null): DeployFailureProps {
  const deployId = isApiError(error) ? error.operationId : undefined;
  return {
    message: error.message,
    output: deployId ? deployOutputQueryOptions(agentId, deployId, appId ?? undefined) : null,
    historyPath: deployId && appId ? deployHistoryPath(appId, deployId) : null,
  };
}
