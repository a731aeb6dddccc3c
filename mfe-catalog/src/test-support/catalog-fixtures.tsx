import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  createQueryClient,
  CurrentAgentContext,
  CurrentUserContext,
  type Agent,
  type CatalogItem,
  type CurrentAgentValue,
  type CurrentUserValue,
  type SubscriptionStatus,
} from 'shared';
import { answerApi, type ApiAnswer } from 'shared/src/test-support/api';

/** A catalog item with every field, overridable per test. */
export function catalogItem(overrides: Partial<CatalogItem> & { id: string; name: string }): CatalogItem {
  return {
    slug: overrides.id,
    summary: `${overrides.name} summary`,
    description: '',
    license: 'MIT',
    license_url: null,
    homepage_url: null,
    repository_url: null,
    registry_url: null,
    documentation_url: null,
    keywords: [],
    tags: [],
    alternative_to: [],
    logo: null,
    waiting_list: false,
    available_in: [],
    sponsorship: [],
    registry: { tags: [{ name: '1.0.0' }], releases: [] },
    ...overrides,
  };
}

export function agentOn(plan: SubscriptionStatus): Agent {
  return {
    id: 'agent-1',
    name: 'web-1',
    certificate: '',
    last_seen: null,
    organization_id: 'org-1',
    subscription_status: plan,
    capabilities: [],
    features: [],
  };
}

function Where() {
  const location = useLocation();
  return <span data-testid="where">{location.pathname + location.hash}</span>;
}

interface RenderOptions {
  route: string;
  path: string;
  agent: Agent | null;
  items?: CatalogItem[];
  answers?: Record<string, ApiAnswer>;
  organizationPaid?: boolean;
}

/** Renders a catalog page as the host would: server, user, cache and router around it. */
export function renderCatalogPage(page: ReactNode, options: RenderOptions) {
  const fetchMock = answerApi({
    '/api/v1/catalog/get-apps': { body: { success: true, message: 'OK', data: options.items ?? [] } },
    '/api/v1/apps/get-apps': { body: { success: true, message: 'OK', data: { apps: [] } } },
    ...options.answers,
  });
  const client = createQueryClient();
  // Failures show at once instead of after the product's three retries.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  const agent = options.agent;
  const agentValue = { agents: agent ? [agent] : [], currentAgent: agent, currentAgentId: agent?.id ?? null };
  const user = {
    id: 'u1',
    name: 'Ada',
    email: 'ada@dock.test',
    image: null,
    organizations: [
      {
        id: 'org-1',
        name: 'Acme',
        role: 'owner',
        subscription_status: options.organizationPaid ? 'paid' : 'free',
        licenses: 0,
      },
    ],
  };
  const userValue = { user, setUser: jest.fn(), removeOrganization: jest.fn() };
  const view = render(
    <ChakraProvider>
      <QueryClientProvider client={client}>
        <CurrentUserContext.Provider value={userValue as unknown as CurrentUserValue}>
          <CurrentAgentContext.Provider value={agentValue as CurrentAgentValue}>
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
