import { queryOptions } from '@tanstack/react-query';
import { apiCall, apiGet, queryKeys, type AppDetails } from 'shared';

/** Spec section 9: app details are kept in session storage for 5 minutes (not versioned fetches). */
export const APP_DETAILS_CACHE_MS = 5 * 60_000;
const DETAILS_KEY_PREFIX = 'app_details:';

interface StoredDetails {
  savedAt: number;
  details: AppDetails;
}

function storageKey(agentId: string, appId: string): string {
  return `${DETAILS_KEY_PREFIX}${agentId}:${appId}`;
}

/** The stored copy of an app's current details, if fresh enough. */
export function readStoredDetails(agentId: string, appId: string, now = Date.now()): StoredDetails | null {
  try {
    const raw = window.sessionStorage.getItem(storageKey(agentId, appId));
    if (!raw) return null;
    const stored = JSON.parse(raw) as StoredDetails;
    return now - stored.savedAt < APP_DETAILS_CACHE_MS ? stored : null;
  } catch {
    return null;
  }
}

function storeDetails(agentId: string, appId: string, details: AppDetails): void {
  try {
    window.sessionStorage.setItem(
      storageKey(agentId, appId),
      JSON.stringify({ savedAt: Date.now(), details }),
    );
  } catch {
    // A full or unavailable storage only costs a refetch.
  }
}

/** Deleting or renaming an app drops its stored copy. */
export function forgetStoredDetails(agentId: string, appId: string): void {
  try {
    window.sessionStorage.removeItem(storageKey(agentId, appId));
  } catch {
    // Nothing stored.
  }
}

export async function fetchAppDetails(
  agentId: string,
  appId: string,
  version?: string,
  signal?: AbortSignal,
): Promise<AppDetails> {
  const details = await apiGet<AppDetails | null>('/api/v1/apps/get-app', {
    query: { app_id: appId, agent_id: agentId, version },
    failureMessage: 'Failed to fetch app details',
    signal,
  });
  if (!details?.config) throw new Error('App details not found');
  if (!version) storeDetails(agentId, appId, details);
  return details;
}

/** An app's details, current (version undefined) or of one version. */
export const appDetailsQueryOptions = (agentId: string, appId: string, version?: string) =>
  queryOptions({
    queryKey: queryKeys.apps.detail(agentId, appId, version),
    queryFn: ({ signal }) => fetchAppDetails(agentId, appId, version, signal),
    staleTime: version ? Infinity : APP_DETAILS_CACHE_MS,
    // Read once, when the cache entry is created: the stored copy shows at once, then refreshes when stale.
    initialData: version ? undefined : () => readStoredDetails(agentId, appId)?.details,
    initialDataUpdatedAt: version ? undefined : () => readStoredDetails(agentId, appId)?.savedAt,
    // The page shows a failure of the current details itself; another version is fetched on request.
    meta: version
      ? {
          errorToast: {
            title: 'Error',
            description: 'Failed to load the selected version. Please try again.',
          },
        }
      : undefined,
  });

export async function updateAppName(agentId: string, appId: string, name: string): Promise<void> {
  await apiCall<unknown>('/api/v1/apps/update-app-name', {
    method: 'POST',
    body: { app_id: appId, agent_id: agentId, name },
    failureMessage: 'Failed to update app name',
  });
}

export async function updateAppIcon(
  agentId: string,
  appId: string,
  icon: string,
  color: string,
): Promise<void> {
  await apiCall<unknown>('/api/v1/apps/update-app-icon', {
    method: 'POST',
    body: { app_id: appId, agent_id: agentId, icon, color },
    failureMessage: 'Failed to update app icon',
  });
}

/** create-app / update-app with the editor's payload; resolves with the app id. */
export async function saveApp(
  agentId: string,
  mode: 'create' | 'update',
  payload: object,
): Promise<string | null> {
  const { data } = await apiCall<{ id?: string } | null>(`/api/v1/apps/${mode}-app`, {
    method: 'POST',
    query: { agent_id: agentId },
    body: payload,
    failureMessage: `Failed to ${mode} app`,
    idempotent: true,
  });
  return data?.id ?? null;
}
