import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { parseRemotesManifest, type RemotesManifest } from './manifest';
import { updateRemoteRecord } from './remote-records';
import { federationNameOf } from './remotes';
import { currentRolloutIdentity, versionOverride } from './rollout-identity';
import { selectRemoteVersion } from './rollout';

export class RemoteLoadError extends Error {
  override readonly name = 'RemoteLoadError';
}

/** The manifest's URL comes from the page (a meta tag the server may rewrite), never from the build. */
export function remotesManifestUrl(): string {
  const configured = document.querySelector<HTMLMetaElement>(
    'meta[name="dockhand-remotes-manifest"]',
  )?.content;
  return new URL(configured || '/remotes.json', window.location.href).toString();
}

let manifestRequest: Promise<RemotesManifest> | null = null;

/** Fetched once per page load (no-store: a manifest change reaches the next page load). */
export function loadRemotesManifest(): Promise<RemotesManifest> {
  manifestRequest ??= (async () => {
    const response = await fetch(remotesManifestUrl(), { cache: 'no-store', credentials: 'same-origin' });
    if (!response.ok)
      throw new RemoteLoadError(`remotes manifest: ${response.status} ${response.statusText}`);
    return parseRemotesManifest(await response.json());
  })();
  // A failed fetch is not kept, so Retry asks again.
  manifestRequest.catch(() => {
    manifestRequest = null;
  });
  return manifestRequest;
}

/** A failed entry is tried once more, after a pause, before falling back (network blips). */
const ENTRY_ATTEMPTS = 2;
const ENTRY_RETRY_DELAY_MS = 300;

/** Registers one version's entry (replacing the previous one) and loads the module. */
async function loadVersion<T>(remote: string, entry: string, exposed: string): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      registerRemotes([{ name: federationNameOf(remote), entry }], { force: true });
      return await importExposed<T>(remote, exposed);
    } catch (error) {
      if (attempt >= ENTRY_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, ENTRY_RETRY_DELAY_MS));
    }
  }
}

/** Version running per remote: once a version has loaded on this page, the remote stays on it. */
const activeVersions = new Map<string, string>();
/** One load per remote at a time: re-registering an entry while a load is in flight returns stale code. */
const queues = new Map<string, Promise<unknown>>();

async function importExposed<T>(remote: string, exposed: string): Promise<T> {
  const loaded = await loadRemote<T>(`${federationNameOf(remote)}/${exposed}`);
  if (loaded === null || loaded === undefined) throw new RemoteLoadError(`${remote}/${exposed} is empty`);
  return loaded;
}

async function loadWithFallback<T>(remote: string, exposed: string): Promise<T> {
  if (activeVersions.has(remote)) return importExposed<T>(remote, exposed);

  const manifest = await loadRemotesManifest();
  const releases = manifest.remotes[remote];
  if (!releases) throw new RemoteLoadError(`${remote} has no released version`);
  const selection = selectRemoteVersion(remote, releases, currentRolloutIdentity(), versionOverride(remote));
  updateRemoteRecord(remote, {
    status: 'loading',
    selectedVersion: selection.version,
    reason: selection.reason,
    failedVersions: [],
  });

  const failedVersions: string[] = [];
  let lastError: unknown;
  for (const version of [selection.version, ...selection.fallbacks]) {
    const entry = new URL(releases.versions[version]?.entry ?? '', remotesManifestUrl()).toString();
    try {
      const loaded = await loadVersion<T>(remote, entry, exposed);
      activeVersions.set(remote, version);
      updateRemoteRecord(remote, { status: 'loaded', version, failedVersions, error: undefined });
      return loaded;
    } catch (error) {
      console.warn(`Dockhand: ${remote}@${version} failed to load`, error);
      failedVersions.push(version);
      lastError = error;
    }
  }
  const message = lastError instanceof Error ? lastError.message : String(lastError);
  updateRemoteRecord(remote, { status: 'failed', version: null, failedVersions, error: message });
  throw new RemoteLoadError(`${remote} failed to load (${failedVersions.join(', ')}): ${message}`);
}

/**
 * Loads an exposed module of a remote: the version chosen by the rollout rules, else the stable
 * and older stable versions of the manifest, else a RemoteLoadError (failures are not cached).
 */
export function loadRemoteModule<T>(remote: string, exposed: string): Promise<T> {
  const previous = queues.get(remote) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => loadWithFallback<T>(remote, exposed));
  queues.set(remote, next);
  return next;
}
