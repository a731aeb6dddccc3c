// Test helper (jest only): renders a remote's page the way the host does, around a real router.
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { CurrentAgentContext, type CurrentAgentValue } from '../context/CurrentAgentContext';
import { CurrentUserContext, type CurrentUserValue } from '../context/CurrentUserContext';
import { createQueryClient } from '../query/queryClient';
import { queryKeys } from '../query/query-keys';
import type { Agent, OrganizationRole, SubscriptionStatus, User } from '../types';
import { answerApi, type ApiAnswer } from './api';

export const ok = (data: unknown = null, message = 'OK'): ApiAnswer => ({
  body: { success: true, message, data },
});

/** A server of organization org-1 with every agent feature on. */
export function testServer(overrides: Partial<Agent> = {}): Agent {
  return {
    id: 'agent-1',
    name: 'web-01',
    certificate: '',
    last_seen: null,
    organization_id: 'org-1',
    subscription_status: 'paid',
    capabilities: [],
    features: ['app_logs', 'docker_registries', 'docker_networks', 'docker_volumes'].map((name) => ({
      name,
      is_enabled: true,
    })),
    ...overrides,
  };
}

export interface RenderPageOptions {
  route: string;
  /** The route pattern the page answers, e.g. '/app/:appId'. */
  path: string;
  agent?: Agent | null;
  online?: boolean;
  /** False: the server is online but its Docker does not answer. */
  dockerResponding?: boolean;
  role?: OrganizationRole;
  organizationPlan?: SubscriptionStatus;
  answers?: Record<string, ApiAnswer>;
}

function Where() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <span data-testid="where">{location.pathname + location.search + location.hash}</span>
      {/* The browser's back button. */}
      <button type="button" data-testid="back" onClick={() => void navigate(-1)} />
    </>
  );
}

/**
 * The page with what the host provides: the current server and user, one QueryClient (no retries,
 * so failures show at once) and a router; `getByTestId('where')` reads the address and
 * `getByTestId('back')` goes back.
 */
export function renderPage(page: ReactNode, options: RenderPageOptions) {
  const fetchMock = answerApi(options.answers ?? {});
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  const agent = options.agent === undefined ? testServer() : options.agent;
  // The shell has always fetched the server list by the time a remote page shows.
  client.setQueryData(queryKeys.agents.list(), agent ? [agent] : []);
  const agentValue = {
    agents: agent ? [agent] : [],
    currentAgent: agent,
    currentAgentId: agent?.id ?? null,
    isOnline: options.online ?? true,
    isDockerResponding: options.dockerResponding ?? true,
    isAgentOnline: () => options.online ?? true,
    isLoadingAgents: false,
    agentError: null,
    selectAgent: jest.fn(),
  } satisfies CurrentAgentValue;
  const user: User = {
    id: 'u1',
    name: 'Ada',
    email: 'ada@dock.test',
    image: null,
    organizations: [
      {
        id: 'org-1',
        name: 'Acme',
        role: options.role ?? 'owner',
        subscription_status: options.organizationPlan ?? 'free',
        licenses: 0,
      },
    ],
  };
  const userValue = { user, setUser: jest.fn(), removeOrganization: jest.fn() } satisfies CurrentUserValue;
  const view = render(
    <ChakraProvider>
      <QueryClientProvider client={client}>
        <CurrentUserContext.Provider value={userValue}>
          <CurrentAgentContext.Provider value={agentValue}>
            <MemoryRouter initialEntries={[options.route]}>
              <Routes>
                <Route path={options.path} element={page} />
                <Route path="*" element={null} />
              </Routes>
              <Where />
            </MemoryRouter>
          </CurrentAgentContext.Provider>
        </CurrentUserContext.Provider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return { fetchMock, client, view };
}

/** The paths and JSON bodies of the POST calls made so far. */
export function postsOf(fetchMock: jest.Mock): { path: string; body: Record<string, unknown> }[] {
  return fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')
    .map(([url, init]) => ({
      path: new URL(url as string).pathname,
      body: JSON.parse(((init as RequestInit).body as string) ?? '{}') as Record<string, unknown>,
    }));
}
