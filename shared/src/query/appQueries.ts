import { queryOptions } from '@tanstack/react-query';
import { fetchAppInventory } from '../api/apps';
import { apiGet } from '../api/client';
import type { AppListItem, AppStatusCode } from '../types';
import { queryKeys } from './query-keys';

/** Spec section 9: app list fresh for 60 s; statuses polled every 12 s without retry. */
const APP_LIST_STALE_TIME_MS = 60_000;
const APP_STATUS_POLL_MS = 12_000;

async function fetchApps(agentId: string, signal?: AbortSignal): Promise<AppListItem[]> {
  const data = await apiGet<{ apps?: AppListItem[] }>('/api/v1/apps/get-apps', {
    query: { agent_id: agentId },
    failureMessage: 'Failed to fetch apps',
    signal,
  });
  return data?.apps ?? [];
}

/** Status codes by app id. */
async function fetchAppStatuses(
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

/** A server's installed apps. The shell (sidebar, dashboard) and remotes read the same cache entry. */
export const appsQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: queryKeys.apps.list(agentId),
    queryFn: ({ signal }) => fetchApps(agentId, signal),
    staleTime: APP_LIST_STALE_TIME_MS,
  });

/** Polled only while the server is online and has apps. */
export const appStatusesQueryOptions = (agentId: string, enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.apps.statuses(agentId),
    queryFn: ({ signal }) => fetchAppStatuses(agentId, signal),
    enabled,
    refetchInterval: enabled ? APP_STATUS_POLL_MS : false,
    retry: false,
  });

/** The reconciled inventory (issue 15): polled like statuses while the server is online. */
export const appInventoryQueryOptions = (agentId: string, enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.apps.inventory(agentId),
    queryFn: ({ signal }) => fetchAppInventory(agentId, signal),
    enabled,
    refetchInterval: enabled ? APP_STATUS_POLL_MS : false,
    retry: false,
  });
