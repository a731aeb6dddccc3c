import type { ReactNode } from 'react';
import type { Agent, CatalogItem, SubscriptionStatus } from 'shared';
import type { ApiAnswer } from 'shared/src/test-support/api';
import { ok, renderPage, testServer } from 'shared/src/test-support/render-page';

/** A catalog item with every field, overridable per test. */
export function catalogItem(overrides: Partial<CatalogItem> & { id: string; name: string }): CatalogItem {
  return {
    slug: overrides.id,
    summary: `${overrides.name} summary`,
    description: '',
    license: 'MIT',
    license_url: null,
    homepage_url: '',
    repository_url: null,
    registry_url: null,
    documentation_url: null,
    keywords: [],
    tags: [],
    alternative_to: [],
    logo: '',
    waiting_list: false,
    available_in: [],
    sponsorship: [],
    registry: { tags: [{ name: '1.0.0' }], releases: [] },
    host_access: null,
    ...overrides,
  };
}

export function agentOn(plan: SubscriptionStatus): Agent {
  return testServer({ subscription_status: plan, features: [] });
}

interface RenderOptions {
  route: string;
  path: string;
  agent: Agent | null;
  items?: CatalogItem[];
  answers?: Record<string, ApiAnswer>;
  organizationPaid?: boolean;
}

/** Renders a catalog page as the host would, with the catalog and the server's apps answered. */
export function renderCatalogPage(page: ReactNode, options: RenderOptions) {
  return renderPage(page, {
    route: options.route,
    path: options.path,
    agent: options.agent,
    organizationPlan: options.organizationPaid ? 'paid' : 'free',
    answers: {
      '/api/v1/catalog/get-apps': ok(options.items ?? []),
      '/api/v1/apps/get-apps': ok({ apps: [] }),
      ...options.answers,
    },
  });
}
