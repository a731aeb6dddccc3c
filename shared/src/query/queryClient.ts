import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { eventBus } from '../events/event-bus';

/** Typed `meta` of queries and mutations: when set, a failure raises this toast centrally. */
export interface DashboardQueryMeta extends Record<string, unknown> {
  /** Title of the destructive toast; the description is the error's message. */
  errorToast?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: DashboardQueryMeta;
    mutationMeta: DashboardQueryMeta;
  }
}

const SECOND = 1000;
/** Spec section 9: 3 retries, exponential backoff from 1 s up to 30 s, garbage collection after 5 min. */
export const QUERY_DEFAULTS = { retry: 3, gcTime: 5 * 60 * SECOND } as const;

export function retryDelay(attempt: number): number {
  return Math.min(SECOND * 2 ** attempt, 30 * SECOND);
}

function toastOnError(error: unknown, meta: DashboardQueryMeta | undefined): void {
  if (!meta?.errorToast) return;
  const description = error instanceof Error ? error.message : String(error);
  eventBus.publish('toast:show', { title: meta.errorToast, description, status: 'error' });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => toastOnError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => toastOnError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { retry: QUERY_DEFAULTS.retry, retryDelay, gcTime: QUERY_DEFAULTS.gcTime },
    },
  });
}

/** The one QueryClient of the page: host and every remote use this instance. */
export const queryClient = createQueryClient();
