// Pure rules of the remotes manifest (releases/remotes.json), shared by the release command.
// The host reads the same format (host-shell/src/federation/manifest.ts).

export const REMOTES = ['mfe-catalog', 'mfe-apps', 'mfe-server-settings', 'mfe-organization'];
const VERSION = /^v?\d+\.\d+\.\d+([-+][0-9A-Za-z.-]+)?$/;

export class ReleaseError extends Error {}

/** Validates the command's input; bad input gives a clear message, never a half-written release. */
export function validateRelease({ remote, version, percent, orgs }) {
  if (!REMOTES.includes(remote))
    throw new ReleaseError(`unknown remote "${remote}"; one of: ${REMOTES.join(', ')}`);
  if (typeof version !== 'string' || !VERSION.test(version))
    throw new ReleaseError(`--version must look like 1.4.0 (got "${version ?? ''}")`);
  if (!Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new ReleaseError('--percent must be a whole number from 0 to 100');
  if (!Array.isArray(orgs) || orgs.some((org) => !/^[\w-]+$/.test(org)))
    throw new ReleaseError('--orgs must be comma-separated organization ids');
}

function entryPath(remote, version) {
  return `/remotes/${remote}/${version}/remoteEntry.js`;
}

/**
 * Adds a version with its rollout rule. 100 % makes it the stable version for everyone (and ends
 * every rollout: this is also how a rollback is done); less adds or replaces its rollout rule.
 */
export function applyRelease(manifest, { remote, version, percent, orgs }, now = new Date()) {
  const remotes = { ...(manifest?.remotes ?? {}) };
  const previous = remotes[remote];
  const releases = previous
    ? {
        ...previous,
        history: [...previous.history],
        rollouts: [...previous.rollouts],
        versions: { ...previous.versions },
      }
    : { stable: version, history: [], rollouts: [], versions: {} };
  releases.versions[version] = {
    entry: entryPath(remote, version),
    releasedAt: releases.versions[version]?.releasedAt ?? now.toISOString(),
  };

  if (percent === 100 || !previous) {
    releases.stable = version;
    releases.rollouts = percent === 100 ? [] : [{ version, percent, orgs }];
  } else {
    releases.rollouts = releases.rollouts.filter((rule) => rule.version !== version);
    if (version !== releases.stable) releases.rollouts.push({ version, percent, orgs });
    const total = releases.rollouts.reduce((sum, rule) => sum + rule.percent, 0);
    if (total > 100) throw new ReleaseError(`rollouts of ${remote} would add up to ${total} %`);
  }
  if (releases.history.at(-1) !== releases.stable) releases.history.push(releases.stable);
  remotes[remote] = releases;
  return { remotes };
}
