import { apiGet, type AppListItem, type AppStatusCode } from 'shared';

export async function fetchApps(agentId: string, signal?: AbortSignal): Promise<AppListItem[]> {
  const data = await apiGet<{ apps?: AppListItem[] }>('/api/v1/apps/get-apps', {
    query: { agent_id: agentId },
    failureMessage: 'Failed to fetch apps',
    signal,
  });
  return data?.apps ?? [];
}

/** Status codes by app id. */
export async function fetchAppStatuses(
  agentId: string,
  signal?: AbortSignal,
): Promise<Record<string, AppStatusCode>> {
  const data = await apiGet<{ apps?: { app_id: string; status: AppStatusCode }[] }>(
    '/api/v1/apps/get-apps-status',
    {
      query: { agent_id: agentId },
      failureMessage: 'Failed to fetch app statuses',
      signal,
    },
  );
  return Object.fromEntries((data?.apps ?? []).map((entry) => [entry.app_id, entry.status]));
}
