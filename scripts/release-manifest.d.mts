// Types of release-manifest.mjs, for the TypeScript tests that exercise its rules.
export interface RolloutRule {
  version: string;
  percent: number;
  orgs: string[];
}

export interface RemoteReleases {
  stable: string;
  history: string[];
  rollouts: RolloutRule[];
  versions: Record<string, { entry: string; releasedAt: string }>;
}

export interface RemotesManifest {
  remotes: Record<string, RemoteReleases>;
}

export interface ReleaseRequest {
  remote: string;
  version: string;
  percent: number;
  orgs: string[];
}

export const REMOTES: string[];
export class ReleaseError extends Error {}
export function validateRelease(request: Partial<ReleaseRequest>): void;
export function applyRelease(
  manifest: RemotesManifest | null,
  request: ReleaseRequest,
  now?: Date,
): RemotesManifest;
