import {
  agentsQueryOptions,
  appsQueryOptions,
  getBrowserAuthSession,
  queryClient,
  queryKeys,
  type Agent,
} from 'shared';
import { dashboardPage, loginPage, protectedLayout } from '../routes';
import { chooseCurrentAgentId, readStoredAgentId } from '../current-server/current-agent-choice';

/**
 * How long the signed-in first render waits, once its code is in, for first data still on its way.
 * Usually the data is in first (its requests start in the entry script); a render without it
 * shows skeletons and then renders everything again, which costs more than this wait.
 */
export const FIRST_DATA_GRACE_MS = 250;

/** Servers, then the current server's apps, into the query cache. Settles, never rejects. */
function prefetchFirstData(): Promise<unknown> {
  const guess = readStoredAgentId();
  const guessedApps = guess ? queryClient.prefetchQuery(appsQueryOptions(guess)) : undefined;
  const listThenApps = queryClient.prefetchQuery(agentsQueryOptions()).then(() => {
    const agents = queryClient.getQueryData<Agent[]>(queryKeys.agents.list()) ?? [];
    const current = chooseCurrentAgentId(agents, guess);
    if (current && current !== guess) return queryClient.prefetchQuery(appsQueryOptions(current));
  });
  return Promise.all([guessedApps, listThenApps]);
}

/**
 * The first screen's code, and when signed in its first data, started while the shared libraries
 * are still loading instead of one after the other. Resolves when the first screen can render in
 * one pass: its pages are in, and so is its data (or FIRST_DATA_GRACE_MS went by after the pages).
 */
export function startFirstScreenPrefetch(hash: string = window.location.hash): Promise<unknown> {
  if (hash.startsWith('#/login')) return loginPage.preload();
  // Signed out elsewhere: the shell's gate decides (refresh or login), nothing to start early.
  if (!getBrowserAuthSession().hasValidToken()) return Promise.resolve();
  const pages: Promise<unknown>[] = [protectedLayout.preload()];
  if (hash === '' || hash === '#/' || hash === '#') pages.push(dashboardPage.preload());
  const data = prefetchFirstData();
  return Promise.all(pages).then(() =>
    Promise.race([data, new Promise((resolve) => setTimeout(resolve, FIRST_DATA_GRACE_MS))]),
  );
}
