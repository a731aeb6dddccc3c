import {
  isOrganizationPaid,
  isUpgradeNeeded,
  parseServerPlan,
  upgradeActionFor,
  versionChoicesForPlan,
  type Agent,
  type CatalogItem,
  type SubscriptionStatus,
  type UpgradeAction,
  type User,
  type VersionChoices,
} from 'shared';

/** What the selected server's plan allows, as the catalog needs it. */
export interface ServerPlanContext {
  serverPlan: SubscriptionStatus;
  organizationId: string | null;
  organizationPaid: boolean;
}

export function serverPlanContext(agent: Agent | null, user: User | null): ServerPlanContext {
  let serverPlan: SubscriptionStatus;
  try {
    serverPlan = parseServerPlan(agent?.subscription_status);
  } catch {
    // A plan the dashboard does not know installs nothing, like an unpaid one.
    serverPlan = 'unpaid';
  }
  const organizationId = agent?.organization_id ?? null;
  const organization = user?.organizations.find((org) => org.id === organizationId);
  return {
    serverPlan,
    organizationId,
    organizationPaid: isOrganizationPaid(organization?.subscription_status),
  };
}

/** The main button of a catalog item: join its waitlist, upgrade the plan first, or install. */
export type CatalogAction =
  { kind: 'waitlist' } | { kind: 'upgrade'; upgrade: UpgradeAction } | { kind: 'install' };

export function catalogActionFor(item: CatalogItem, plan: ServerPlanContext): CatalogAction {
  if (item.waiting_list) return { kind: 'waitlist' };
  const needsUpgrade = isUpgradeNeeded({
    availableIn: item.available_in,
    serverPlan: plan.serverPlan,
    organizationPaid: plan.organizationPaid,
  });
  return needsUpgrade
    ? { kind: 'upgrade', upgrade: upgradeActionFor(item.available_in) }
    : { kind: 'install' };
}

/** The versions this server may install, newest first (free servers: tags only). */
export function installableVersions(item: CatalogItem, serverPlan: SubscriptionStatus): VersionChoices {
  const releases = (item.registry?.releases ?? []).map((release) => release.name);
  const tags = (item.registry?.tags ?? []).map((tag) => tag.name);
  return versionChoicesForPlan(releases, tags, serverPlan);
}

/** The first version the server may install, if any. */
export function defaultVersion(choices: VersionChoices): string | undefined {
  return choices.choices.find((choice) => !choice.locked)?.name;
}

/** A name for the new app: the item's slug, numbered when the server already has an app by it. */
export function suggestAppName(item: CatalogItem, existingNames: readonly string[]): string {
  const taken = new Set(existingNames.map((name) => name.toLowerCase()));
  const cleaned = (item.slug || item.id).replace(/[^A-Za-z0-9-]/g, '-');
  // App names start with a letter.
  const base = /^[A-Za-z]/.test(cleaned) ? cleaned : `app-${cleaned}`.replace(/-+$/, '');
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
