import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { StrictMode, useMemo, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router-dom';
import { configureApiClient } from '../api/client';
import { readCookie } from '../api/cookies';
import { CurrentAgentContext, type CurrentAgentValue } from '../context/CurrentAgentContext';
import { CurrentUserContext, type CurrentUserValue } from '../context/CurrentUserContext';
import { eventBus } from '../events/event-bus';
import { agentsQueryOptions } from '../query/agentQueries';
import { queryClient } from '../query/queryClient';
import type { User } from '../types';

const AGENT_ID_KEY = 'agent_id';

/**
 * Minimal stand-in for the host, for a remote's standalone dev server only (never inside the
 * host: exposed modules render no providers). Calls go to the dev server's origin, which proxies
 * /api and /auth to a real Dockhand server; sign in there and the access_token cookie is used.
 */
function StandaloneHarness({ title, children }: { title: string; children: ReactNode }) {
  configureApiClient({ ensureAuthenticated: () => Boolean(readCookie('access_token')) });
  return (
    <ChakraProvider>
      <QueryClientProvider client={queryClient}>
        <HashRouter>
          <HarnessContexts>
            <header style={{ padding: 8, fontSize: 12, borderBottom: '1px solid #ddd' }}>
              {title} (standalone) ·{' '}
              <a href={`/auth/google/login?redirect=${encodeURIComponent('/')}`}>Sign in</a>
            </header>
            <main style={{ padding: 16 }}>{children}</main>
          </HarnessContexts>
        </HashRouter>
      </QueryClientProvider>
    </ChakraProvider>
  );
}

function HarnessContexts({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(() => localStorage.getItem(AGENT_ID_KEY));
  const agentsQuery = useQuery(agentsQueryOptions());

  const userValue = useMemo<CurrentUserValue>(
    () => ({
      user,
      setUser,
      removeOrganization: (id) =>
        setUser(
          (current) =>
            current && { ...current, organizations: current.organizations.filter((org) => org.id !== id) },
        ),
    }),
    [user],
  );

  const agentValue = useMemo<CurrentAgentValue>(() => {
    const agents = agentsQuery.data ?? [];
    const currentAgent = agents.find((agent) => agent.id === selectedId) ?? agents[0] ?? null;
    return {
      agents,
      isLoadingAgents: agentsQuery.isLoading,
      agentError: agentsQuery.error?.message ?? null,
      currentAgentId: currentAgent?.id ?? null,
      currentAgent,
      isOnline: false,
      isDockerResponding: true,
      isAgentOnline: () => false,
      selectAgent: (agentId) => {
        if (agentId) localStorage.setItem(AGENT_ID_KEY, agentId);
        else localStorage.removeItem(AGENT_ID_KEY);
        setSelectedId(agentId);
        eventBus.publish('agent:selected', { agentId });
      },
    };
  }, [agentsQuery.data, agentsQuery.isLoading, agentsQuery.error, selectedId]);

  return (
    <CurrentUserContext.Provider value={userValue}>
      <CurrentAgentContext.Provider value={agentValue}>{children}</CurrentAgentContext.Provider>
    </CurrentUserContext.Provider>
  );
}

/** Mounts a remote's pages inside the harness (the whole of a remote's standalone bootstrap). */
export function mountStandalone(title: string, routes: ReactNode): void {
  createRoot(document.body.appendChild(document.createElement('div'))).render(
    <StrictMode>
      <StandaloneHarness title={title}>{routes}</StandaloneHarness>
    </StrictMode>,
  );
}
