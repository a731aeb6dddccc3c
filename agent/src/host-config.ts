import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AGENT_FEATURES, isAgentFeatureName, type AgentFeatureName } from 'contract';
import { AgentError, AgentErrorCode } from './errors.js';
import { DEFAULT_POLICY, type AdmissionPolicy } from './policy/admission-policy.js';
import { DEFAULT_UPDATE_POLICY, RELEASE_VERSION, type UpdatePolicy } from './releases/update-policy.js';

/**
 * Settings only the host's owner changes: a file on the host, read at start (a change needs a
 * restart), written by `dockhand-agent ...` commands, never by anything the server sends.
 * One section per concern; add a section with its own parse function below.
 *
 * File (JSON, 0600): { "policy": { "host_access": false, "bind_roots": ["/srv/media"] },
 *                     "updates": { "dashboard": true, "pin": null },
 *                     "features": { "docker_registries": false } }
 */
export interface HostConfig {
  policy: AdmissionPolicy;
  updates: UpdatePolicy;
  /** Agent features the host's owner turned off (`false` in "features"); all are on by default. */
  featuresOff: AgentFeatureName[];
}

const HOST_CONFIG_FILE = 'host-config.json';

/** `{state}/host-config.json`, or DOCKHAND_HOST_CONFIG. */
export function hostConfigPath(stateDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.DOCKHAND_HOST_CONFIG ?? path.join(stateDir, HOST_CONFIG_FILE));
}

/** A missing file is the default configuration; an unreadable or invalid one is an error. */
export async function loadHostConfig(file: string): Promise<HostConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return parseHostConfig({}, file);
    throw invalid(file, (error as Error).message);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw invalid(file, `not JSON (${(error as Error).message})`);
  }
  return parseHostConfig(raw, file);
}

export function parseHostConfig(raw: unknown, file = HOST_CONFIG_FILE): HostConfig {
  if (!isRecord(raw)) throw invalid(file, 'expected a JSON object');
  return {
    policy: parsePolicy(raw.policy ?? {}, file),
    updates: parseUpdates(raw.updates ?? {}, file),
    featuresOff: parseFeatures(raw.features ?? {}, file),
  };
}

/** Writes atomically (0600), keeping sections this version does not know. */
export async function writeHostConfig(file: string, config: HostConfig): Promise<void> {
  let existing: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (isRecord(parsed)) existing = parsed;
  } catch {
    // missing or unreadable: replaced by the validated configuration
  }
  const document = {
    ...existing,
    policy: { host_access: config.policy.hostAccess, bind_roots: config.policy.bindRoots },
    updates: { dashboard: config.updates.dashboard, pin: config.updates.pin },
    features: Object.fromEntries(AGENT_FEATURES.map((name) => [name, !config.featuresOff.includes(name)])),
  };
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(`${file}.tmp`, `${JSON.stringify(document, null, 2)}\n`, { mode: 0o600 });
  await rename(`${file}.tmp`, file);
}

function parsePolicy(raw: unknown, file: string): AdmissionPolicy {
  if (!isRecord(raw)) throw invalid(file, '"policy" must be an object');
  const hostAccess = raw.host_access ?? DEFAULT_POLICY.hostAccess;
  if (typeof hostAccess !== 'boolean') throw invalid(file, '"policy.host_access" must be true or false');
  const roots = raw.bind_roots ?? DEFAULT_POLICY.bindRoots;
  if (!Array.isArray(roots)) throw invalid(file, '"policy.bind_roots" must be a list of folders');
  return { hostAccess, bindRoots: roots.map((root) => bindRoot(root, file)) };
}

function parseUpdates(raw: unknown, file: string): UpdatePolicy {
  if (!isRecord(raw)) throw invalid(file, '"updates" must be an object');
  const dashboard = raw.dashboard ?? DEFAULT_UPDATE_POLICY.dashboard;
  if (typeof dashboard !== 'boolean') throw invalid(file, '"updates.dashboard" must be true or false');
  return { dashboard, pin: raw.pin == null ? null : pinnedVersion(raw.pin, file) };
}

function parseFeatures(raw: unknown, file: string): AgentFeatureName[] {
  if (!isRecord(raw)) throw invalid(file, '"features" must be an object');
  return Object.entries(raw).flatMap(([name, on]) => {
    if (!isAgentFeatureName(name))
      throw invalid(file, `"features.${name}" is not a feature (${AGENT_FEATURES.join(', ')})`);
    if (typeof on !== 'boolean') throw invalid(file, `"features.${name}" must be true or false`);
    return on ? [] : [name];
  });
}

/** A version the host pins the agent to (same form as release versions: 1.2.0, v1.2.0-beta.1). */
export function pinnedVersion(version: unknown, file = HOST_CONFIG_FILE): string {
  if (typeof version !== 'string' || !RELEASE_VERSION.test(version))
    throw invalid(file, `pinned version ${JSON.stringify(version)} is not a version like 1.2.0`);
  return version.replace(/^v/i, '');
}

/** An allowed bind root: an absolute, normalised folder other than `/`. */
export function bindRoot(root: unknown, file = HOST_CONFIG_FILE): string {
  if (typeof root !== 'string' || !path.isAbsolute(root) || root.includes('\0'))
    throw invalid(file, `bind root ${JSON.stringify(root)} must be an absolute folder`);
  const normalised = path.resolve(root);
  if (normalised === '/') throw invalid(file, 'bind root "/" would allow every folder; use host access');
  return normalised;
}

function invalid(file: string, detail: string): AgentError {
  return new AgentError(AgentErrorCode.HostConfigInvalid, `Host configuration ${file} is invalid: ${detail}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
