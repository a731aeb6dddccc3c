import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from 'shared';
import { fetchApps, fetchAppStatuses } from './app-api';

/** Spec section 9: app list fresh for 60 s; statuses polled every 12 s without retry. */
export const APP_LIST_STALE_TIME_MS = 60_000;
export const APP_STATUS_POLL_MS = 12_000;

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
