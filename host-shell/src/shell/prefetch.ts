import { agentsQueryOptions, getBrowserAuthSession, queryClient, queryKeys, type Agent } from 'shared';
import { appsQueryOptions } from '../api/app-queries';
import { AGENT_ID_KEY, chooseCurrentAgentId } from './agents/agent-status-rules';

function storedAgentId(): string | null {
  try {
    return localStorage.getItem(AGENT_ID_KEY);
  } catch {
    return null;
  }
}

/**
 * Signed-in first paint: starts the shell's code and its first data (servers, then the current
 * server's apps) while the shared libraries are still loading, instead of one after the other.
 * Does nothing on the login page or without a valid session cookie. Resolves when the signed-in
 * pages' code is loaded.
 */
export function startSignedInPrefetch(hash: string = window.location.hash): Promise<unknown> {
  if (hash.startsWith('#/login') || !getBrowserAuthSession().hasValidToken()) return Promise.resolve();
  const pages: Promise<unknown>[] = [import('../pages/ProtectedLayout')];
  if (hash === '' || hash === '#/' || hash === '#') pages.push(import('../pages/DashboardPage'));

  const guess = storedAgentId();
  if (guess) void queryClient.prefetchQuery(appsQueryOptions(guess));
  void queryClient.prefetchQuery(agentsQueryOptions()).then(() => {
    const agents = queryClient.getQueryData<Agent[]>(queryKeys.agents.list()) ?? [];
    const current = chooseCurrentAgentId(agents, guess);
    if (current && current !== guess) void queryClient.prefetchQuery(appsQueryOptions(current));
  });
  return Promise.all(pages);
}
