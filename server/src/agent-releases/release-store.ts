import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { VERSION_PATTERN } from '../catalog/versions.js';

/**
 * One published agent release: `{releasesDir}/{version}/release.json` beside its bundle
 * `dockhand-agent.mjs`, written by `scripts/publish-agent-release.mjs`. The signature is made
 * offline with the release key; this server only passes it on, the agent checks it.
 */
export interface AgentRelease {
  version: string;
  name: string;
  is_beta: boolean;
  message: string;
  /** Release notes ('View release notes'). */
  notes_url: string;
  /** SHA-256 of the bundle, hex. */
  sha256: string;
  /** Ed25519 signature (base64) of the release statement (see the agent's release-signature.ts). */
  signature: string;
  bundlePath: string;
}

const BUNDLE_FILE = 'dockhand-agent.mjs';
const SHA256_HEX = /^[0-9a-f]{64}$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function asRelease(folder: string, json: unknown): AgentRelease | null {
  if (typeof json !== 'object' || json === null) return null;
  const entry = json as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const version = text(entry.version);
  const sha256 = text(entry.sha256);
  const signature = text(entry.signature);
  if (!version || !VERSION_PATTERN.test(version) || path.basename(folder) !== version) return null;
  if (!sha256 || !SHA256_HEX.test(sha256) || !signature || !BASE64.test(signature)) return null;
  return {
    version,
    name: text(entry.name) || `v${version}`,
    is_beta: entry.is_beta === true,
    message: text(entry.message) ?? '',
    notes_url: text(entry.notes_url) ?? '',
    sha256,
    signature,
    bundlePath: path.join(folder, BUNDLE_FILE),
  };
}

/** Every well-formed release in the store; a folder with broken metadata or no bundle is left out. */
export async function listAgentReleases(
  releasesDir: string,
  warn: (message: string) => void,
): Promise<AgentRelease[]> {
  let folders: string[];
  try {
    folders = await readdir(releasesDir);
  } catch {
    return [];
  }
  const releases: AgentRelease[] = [];
  for (const name of folders) {
    // Publishing stages into `{version}.staging-*` and renames: never list a half-written one.
    if (!VERSION_PATTERN.test(name)) continue;
    const folder = path.join(releasesDir, name);
    try {
      const release = asRelease(
        folder,
        JSON.parse(await readFile(path.join(folder, 'release.json'), 'utf8')),
      );
      if (!release) throw new Error('release.json is incomplete');
      await stat(release.bundlePath);
      releases.push(release);
    } catch (error) {
      warn(`agent release ${name} skipped: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return releases;
}
