import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { eventBus } from '../events/event-bus';

/** The destructive toast of a failure: a title (the description is then the error's message), or both texts. */
export type ErrorToast = string | { title: string; description: string };

/** Typed `meta` of queries: when set, a failure raises this toast centrally. */
export interface DashboardQueryMeta extends Record<string, unknown> {
  errorToast?: ErrorToast;
}

/**
 * Typed `meta` of mutations, read by the one MutationCache: the toast a failure raises (a function
 * when the text depends on the variables or the error; null raises none), and the query roots a
 * success invalidates. Mutation hooks declare these beside their fetchers instead of each component
 * building toasts and invalidating by hand.
 */
export interface DashboardMutationMeta extends Record<string, unknown> {
  errorToast?: ErrorToast | ((error: Error, variables: unknown) => ErrorToast | null);
  invalidates?: readonly QueryKey[];
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: DashboardQueryMeta;
    mutationMeta: DashboardMutationMeta;
  }
}

const SECOND = 1000;
/** Spec section 9: 3 retries, exponential backoff from 1 s up to 30 s, garbage collection after 5 min. */
export const QUERY_DEFAULTS = { retry: 3, gcTime: 5 * 60 * SECOND } as const;

export function retryDelay(attempt: number): number {
  return Math.min(SECOND * 2 ** attempt, 30 * SECOND);
}

function raiseErrorToast(toast: ErrorToast | null | undefined, error: Error): void {
  if (!toast) return;
  const { title, description } =
    typeof toast === 'string' ? { title: toast, description: error.message } : toast;
  eventBus.publish('toast:show', { title, description, status: 'error' });
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => raiseErrorToast(query.meta?.errorToast, asError(error)),
    }),
    mutationCache: new MutationCache({
      onError: (error, variables, _context, mutation) => {
        const toast = mutation.meta?.errorToast;
        raiseErrorToast(
          typeof toast === 'function' ? toast(asError(error), variables) : toast,
          asError(error),
        );
      },
      // Not awaited: the mutation settles at once, as before, and the lists refresh behind it.
      onSuccess: (_data, _variables, _context, mutation) => {
        for (const queryKey of mutation.meta?.invalidates ?? []) void client.invalidateQueries({ queryKey });
      },
    }),
    defaultOptions: {
      queries: { retry: QUERY_DEFAULTS.retry, retryDelay, gcTime: QUERY_DEFAULTS.gcTime },
    },
  });
  return client;
}

/** The one QueryClient of the page: host and every remote use this instance. */
export const queryClient = createQueryClient();
