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
 * Does nothing on the login page or without a valid session cookie.
 */
export function startSignedInPrefetch(hash: string = window.location.hash): void {
  if (hash.startsWith('#/login') || !getBrowserAuthSession().hasValidToken()) return;
  void import('../pages/ProtectedLayout');
  if (hash === '' || hash === '#/' || hash === '#') void import('../pages/DashboardPage');

  const guess = storedAgentId();
  if (guess) void queryClient.prefetchQuery(appsQueryOptions(guess));
  void queryClient.prefetchQuery(agentsQueryOptions()).then(() => {
    const agents = queryClient.getQueryData<Agent[]>(queryKeys.agents.list()) ?? [];
    const current = chooseCurrentAgentId(agents, guess);
    if (current && current !== guess) void queryClient.prefetchQuery(appsQueryOptions(current));
  });
}
