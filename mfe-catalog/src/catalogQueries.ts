import { queryOptions } from '@tanstack/react-query';
import { apiCall, apiGet, queryKeys, type CatalogItem } from 'shared';

/** Spec section 9: the catalog is fresh for 5 minutes. */
const CATALOG_STALE_TIME_MS = 5 * 60_000;

export async function fetchCatalog(agentId: string, signal?: AbortSignal): Promise<CatalogItem[]> {
  const items = await apiGet<CatalogItem[]>('/api/v1/catalog/get-apps', {
    query: { agent_id: agentId },
    failureMessage: 'Failed to fetch catalog',
    signal,
  });
  return Array.isArray(items) ? items : [];
}

export const catalogQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: queryKeys.catalog.list(agentId),
    queryFn: ({ signal }) => fetchCatalog(agentId, signal),
    staleTime: CATALOG_STALE_TIME_MS,
  });

export interface InstallRequest {
  name: string;
  template_id: string;
  version?: string;
}

/** Starts the installation on the server; resolves with the server's message. */
export async function installCatalogApp(agentId: string, request: InstallRequest): Promise<string> {
  const result = await apiCall<unknown>('/api/v1/catalog/install-app', {
    method: 'POST',
    query: { agent_id: agentId },
    body: request,
    failureMessage: 'Failed to install app',
  });
  return result.message;
}

/** `catalog/{appName}` matches the item id case-insensitively (spec section 2). */
export function findCatalogItem(items: CatalogItem[], appName: string): CatalogItem | undefined {
  const wanted = appName.toLowerCase();
  return items.find((item) => item.id.toLowerCase() === wanted);
}
