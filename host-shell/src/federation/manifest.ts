/**
 * The remotes manifest (default GET /remotes.json), written by `pnpm release`:
 * per remote, the released versions, the stable one, and rollout rules for candidates.
 */
interface RolloutRule {
  version: string;
  /** Share of users (0–100) by a stable hash of their id. */
  percent: number;
  /** Organizations that always get this version. */
  orgs: string[];
}

export interface RemoteReleases {
  /** The version everyone gets unless a rollout rule or an override picks another. */
  stable: string;
  /** Versions that were stable, oldest first (the last one is `stable`); fallbacks come from here. */
  history: string[];
  rollouts: RolloutRule[];
  /** Entry (remoteEntry.js) per version, relative to the manifest's URL or absolute. */
  versions: Record<string, { entry: string }>;
}

export interface RemotesManifest {
  remotes: Record<string, RemoteReleases>;
}

export class ManifestError extends Error {
  override readonly name = 'ManifestError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseRule(remote: string, value: unknown): RolloutRule {
  if (!isRecord(value) || typeof value.version !== 'string')
    throw new ManifestError(`${remote}: a rollout rule needs a version`);
  const percent = Number(value.percent ?? 0);
  if (!Number.isFinite(percent) || percent < 0 || percent > 100)
    throw new ManifestError(`${remote}: rollout percent must be 0–100`);
  const orgs = Array.isArray(value.orgs)
    ? value.orgs.filter((org): org is string => typeof org === 'string')
    : [];
  return { version: value.version, percent, orgs };
}

function parseReleases(remote: string, value: unknown): RemoteReleases {
  if (!isRecord(value) || !isRecord(value.versions))
    throw new ManifestError(`${remote}: versions are missing`);
  const versions: RemoteReleases['versions'] = {};
  for (const [version, info] of Object.entries(value.versions)) {
    if (!isRecord(info) || typeof info.entry !== 'string')
      throw new ManifestError(`${remote}@${version}: entry is missing`);
    versions[version] = { entry: info.entry };
  }
  if (typeof value.stable !== 'string' || !versions[value.stable])
    throw new ManifestError(`${remote}: stable version is not released`);
  const history = Array.isArray(value.history)
    ? value.history.filter((v): v is string => typeof v === 'string' && v in versions)
    : [];
  const rollouts = (Array.isArray(value.rollouts) ? value.rollouts : [])
    .map((rule) => parseRule(remote, rule))
    .filter((rule) => rule.version in versions);
  return { stable: value.stable, history: history.length > 0 ? history : [value.stable], rollouts, versions };
}

/** Validates untrusted JSON; a broken manifest gives a clear error instead of a crash later. */
export function parseRemotesManifest(json: unknown): RemotesManifest {
  if (!isRecord(json) || !isRecord(json.remotes))
    throw new ManifestError('remotes manifest: "remotes" is missing');
  const remotes: RemotesManifest['remotes'] = {};
  for (const [remote, releases] of Object.entries(json.remotes))
    remotes[remote] = parseReleases(remote, releases);
  return { remotes };
}
