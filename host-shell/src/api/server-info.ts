import { queryOptions } from '@tanstack/react-query';
import { apiGet, queryKeys } from 'shared';

/** The Dockhand server's release, from its health check (shown in the About dialog). */
async function fetchServerVersion(signal?: AbortSignal): Promise<string | null> {
  const data = await apiGet<{ version?: unknown } | null>('/healthz', {
    failureMessage: 'Failed to fetch the server version',
    signal,
  });
  return typeof data?.version === 'string' ? data.version : null;
}

/** Read when the About dialog opens; a release changes only with a restart, so it stays fresh. */
export const serverVersionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.server.version(),
    queryFn: ({ signal }) => fetchServerVersion(signal),
    staleTime: Infinity,
  });
