import { readFile, writeFile } from 'node:fs/promises';
import { AgentError, AgentErrorCode } from '../errors.js';
import { nextBundle, type AgentToLauncher } from '../launcher/update-state.js';
import { verifyRelease } from './release-signature.js';
import { RELEASE_VERSION, requireDashboardUpdate, type UpdatePolicy } from './update-policy.js';

export interface UpdateRequest {
  version: string;
  url: string;
  sha256: string;
  signature: string;
}

/** The launcher this agent runs under (launcher/main.ts), if any. */
export interface LauncherLink {
  bundlePath: string;
  send(message: AgentToLauncher): void;
}

export interface UpdaterOptions {
  serverUrl: string;
  /** The release public key pinned at install (DOCKHAND_RELEASE_KEY); null when none is pinned. */
  releaseKeyPath: string | null;
  runningVersion: string;
  launcher: LauncherLink | null;
  /** What the host decided (host-config.json `updates`). */
  policy: UpdatePolicy;
  log(message: string): void;
}

const MAX_BUNDLE_BYTES = 64 * 1024 * 1024;

/** The launcher's IPC channel, when this process was started by it. */
export function launcherLink(env: NodeJS.ProcessEnv = process.env): LauncherLink | null {
  const bundlePath = env.DOCKHAND_AGENT_BUNDLE;
  if (!bundlePath || typeof process.send !== 'function') return null;
  return {
    bundlePath,
    // Without the launcher (it died) there is nobody to switch or roll back: never crash on it.
    send: (message) => {
      if (process.connected) process.send?.(message, undefined, {}, () => undefined);
    },
  };
}

function failed(message: string): AgentError {
  return new AgentError(AgentErrorCode.UpdateFailed, message);
}

/**
 * `agent.update`: downloads the release from the server, accepts it only if its hash and the
 * pinned release key's signature match, stages it beside the running bundle and asks the launcher
 * to switch (after the answer went out). The launcher rolls back if the new version fails.
 */
export async function stageUpdate(
  request: UpdateRequest,
  options: UpdaterOptions,
): Promise<{ version: string }> {
  const { launcher, log } = options;
  if (!RELEASE_VERSION.test(request.version)) throw failed(`Invalid agent version ${request.version}`);
  requireDashboardUpdate(options.policy, request.version);
  if (!launcher)
    throw failed(
      'This agent does not run under the Dockhand launcher and cannot update itself; reinstall it with install.sh',
    );
  const keyPem = options.releaseKeyPath
    ? await readFile(options.releaseKeyPath, 'utf8').catch(() => null)
    : null;
  if (!keyPem)
    throw new AgentError(
      AgentErrorCode.UpdateRefused,
      `Agent ${request.version} refused: no release key is pinned on this host; reinstall the agent with install.sh`,
    );

  const url = new URL(request.url, options.serverUrl);
  let bundle: Buffer;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(25_000) });
    if (!response.ok) throw failed(`Download of agent ${request.version} failed: HTTP ${response.status}`);
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_BUNDLE_BYTES)
      throw failed(`Agent ${request.version} is larger than ${MAX_BUNDLE_BYTES} bytes`);
    bundle = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    if (error instanceof AgentError) throw error;
    throw failed(`Download of agent ${request.version} failed: ${(error as Error).message}`);
  }
  verifyRelease(bundle, request, keyPem);

  await writeFile(nextBundle(launcher.bundlePath), bundle, { mode: 0o755 });
  log(`agent ${request.version} verified; switching from ${options.runningVersion}`);
  // After the response to the server is on its way; the launcher then stops this process.
  setTimeout(
    () => launcher.send({ type: 'switch', version: request.version, from: options.runningVersion }),
    300,
  );
  return { version: request.version };
}
