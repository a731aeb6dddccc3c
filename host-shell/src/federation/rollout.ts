import type { RemoteReleases } from './manifest';

/** Who is asking: the signed-in user's id (or an anonymous visitor id) and their organizations. */
export interface RolloutIdentity {
  userKey: string;
  organizationIds: string[];
}

export type SelectionReason = 'override' | 'organization' | 'percentage' | 'stable';

export interface RemoteSelection {
  version: string;
  reason: SelectionReason;
  /** Versions to try, in order, when `version` fails to load: the stable one, then older stables. */
  fallbacks: string[];
}

/** FNV-1a 32-bit: stable across browsers, sessions and builds. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The user's bucket 0–99 for one remote (salted by remote so rollouts of remotes are independent). */
export function rolloutBucket(remote: string, userKey: string): number {
  return stableHash(`${remote}:${userKey}`) % 100;
}

function fallbacksFor(releases: RemoteReleases, chosen: string): string[] {
  const ordered = [releases.stable, ...[...releases.history].reverse()];
  return [...new Set(ordered)].filter((version) => version !== chosen && version in releases.versions);
}

/**
 * Picks the version of one remote for one user. Order: a valid override, then explicit
 * organizations, then percentage buckets (rules in manifest order take consecutive ranges),
 * else the stable version.
 */
export function selectRemoteVersion(
  remote: string,
  releases: RemoteReleases,
  identity: RolloutIdentity,
  override?: string | null,
): RemoteSelection {
  const pick = (version: string, reason: SelectionReason): RemoteSelection => ({
    version,
    reason,
    fallbacks: fallbacksFor(releases, version),
  });
  if (override && override in releases.versions) return pick(override, 'override');

  const byOrganization = releases.rollouts.find((rule) =>
    rule.orgs.some((org) => identity.organizationIds.includes(org)),
  );
  if (byOrganization) return pick(byOrganization.version, 'organization');

  const bucket = rolloutBucket(remote, identity.userKey);
  let rangeEnd = 0;
  for (const rule of releases.rollouts) {
    rangeEnd += rule.percent;
    if (bucket < rangeEnd) return pick(rule.version, 'percentage');
  }
  return pick(releases.stable, 'stable');
}
