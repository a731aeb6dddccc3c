/** Catalog types of spec section 3, exactly what `GET /api/v1/catalog/get-apps` lists. */
export const PLANS = ['free', 'pro', 'business'] as const;
export type Plan = (typeof PLANS)[number];

export interface Sponsorship {
  name: string;
  url: string;
}

export interface Release {
  /** Version string of spec section 3: optional leading v, major.minor.patch, optional -suffix. */
  name: string;
  /** ISO date, YYYY-MM-DD. */
  date: string;
  description: string;
  breaking_changes: boolean;
  changelog_url: string | null;
}

export interface CatalogItem {
  id: string;
  name: string;
  slug: string;
  description: string;
  summary: string;
  license: string;
  license_url: string | null;
  homepage_url: string;
  repository_url: string | null;
  registry_url: string | null;
  documentation_url: string | null;
  keywords: string[];
  tags: string[];
  alternative_to: string[];
  logo: string;
  waiting_list: boolean;
  available_in: Plan[];
  sponsorship: Sponsorship[];
  registry: { tags: { name: string }[]; releases: Release[] };
  /**
   * Why the app needs host access (the agent's admission policy allowing everything: host
   * networking, privileged containers, the Docker socket); null when the default policy suffices.
   */
  host_access: string | null;
}
