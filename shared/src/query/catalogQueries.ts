import { queryOptions } from '@tanstack/react-query';
import { apiGet, resolveApiUrl } from '../api/client';
import type { CatalogItem } from '../types';
import { queryKeys } from './query-keys';

/** Spec section 9: the catalog is fresh for 5 minutes. */
const CATALOG_STALE_TIME_MS = 5 * 60_000;

/** Logos are served by the API host at /catalog-assets/{file}. */
function catalogImageUrl(logo: string | null | undefined): string | undefined {
  return logo ? resolveApiUrl(`/catalog-assets/${encodeURIComponent(logo)}`) : undefined;
}

/**
 * Adds the client's fields (spec section 3: featured=false, the detail route and the logo URL),
 * and empty lists where a server left a list out, so pages never trip over a missing one.
 */
function withClientFields(item: CatalogItem): CatalogItem {
  return {
    ...item,
    keywords: item.keywords ?? [],
    tags: item.tags ?? [],
    alternative_to: item.alternative_to ?? [],
    available_in: item.available_in ?? [],
    sponsorship: item.sponsorship ?? [],
    registry: { tags: item.registry?.tags ?? [], releases: item.registry?.releases ?? [] },
    featured: false,
    url: `/catalog/${item.id}`,
    image: catalogImageUrl(item.logo),
  };
}

async function fetchCatalog(agentId: string, signal?: AbortSignal): Promise<CatalogItem[]> {
  const items = await apiGet<CatalogItem[]>('/api/v1/catalog/get-apps', {
    query: { agent_id: agentId },
    failureMessage: 'Failed to fetch catalog',
    signal,
  });
  return Array.isArray(items) ? items.map(withClientFields) : [];
}

/** The catalog a server may install from. The catalog pages and an app's About card share it. */
export const catalogQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: queryKeys.catalog.list(agentId),
    queryFn: ({ signal }) => fetchCatalog(agentId, signal),
    staleTime: CATALOG_STALE_TIME_MS,
  });
