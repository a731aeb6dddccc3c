import { existsSync } from 'node:fs';
import path from 'node:path';

/** Settings of the agent hub (`config.agentHub`), each from the environment with a default. */
export interface AgentHubConfig {
  /** Timeout of a quick agent request (status, logs, networks, registries), ms. */
  requestTimeoutMs: number;
  /** Timeout of a deploy/control request (compose pull/up can be slow), ms. */
  deployTimeoutMs: number;
  /** How long a pairing code stays valid, ms. */
  pairingCodeTtlMs: number;
  /** Unclaimed agents (each holds a pairing code row) one address may have waiting at once. */
  pairingPerAddress: number;
  /** Unclaimed agents waiting at once, from every address: further ones are asked to retry later. */
  pairingPendingLimit: number;
  /** How long a connecting agent has to say hello and prove its key, ms. */
  handshakeTimeoutMs: number;
  /** Bundled agent (one ESM file) served by /agent/download; built by `pnpm --filter agent bundle`. */
  agentBundlePath: string;
  /** The launcher that supervises the bundle (built beside it by the agent's bundle script). */
  agentLauncherPath: string;
  /** Node runtime served with the bundle by /install.sh (defaults to this server's own binary). */
  nodeBinaryPath: string;
  /** Agent release store, one folder per version (AGENT_RELEASES_DIR; `{RELEASES_DIR}/agent`). */
  releasesDir: string;
  /**
   * Public half of the release key (AGENT_RELEASE_PUBLIC_KEY), handed to install.sh for pinning.
   * Development default: `{DATA_DIR}/release-key/release-key.pub.pem` (made by scripts/agent-release-key.mjs).
   */
  releasePublicKeyPath: string;
}

export function loadAgentHubConfig(
  env: NodeJS.ProcessEnv,
  repoRoot: string,
  dirs: { releasesDir: string; dataDir: string; production: boolean },
): AgentHubConfig {
  const releasePublicKeyPath = path.resolve(
    env.AGENT_RELEASE_PUBLIC_KEY ?? path.join(dirs.dataDir, 'release-key', 'release-key.pub.pem'),
  );
  if (dirs.production)
    refuseReleasePrivateKey([path.dirname(releasePublicKeyPath), path.join(dirs.dataDir, 'release-key')]);
  const agentBundlePath = env.AGENT_BUNDLE_PATH ?? `${repoRoot}/agent/dist/dockhand-agent.mjs`;
  return {
    requestTimeoutMs: Number(env.AGENT_REQUEST_TIMEOUT_MS ?? 30_000),
    deployTimeoutMs: Number(env.AGENT_DEPLOY_TIMEOUT_MS ?? 10 * 60_000),
    pairingCodeTtlMs: Number(env.PAIRING_CODE_TTL_MS ?? 15 * 60_000),
    pairingPerAddress: Number(env.PAIRING_PER_ADDRESS ?? 5),
    pairingPendingLimit: Number(env.PAIRING_PENDING_LIMIT ?? 1000),
    handshakeTimeoutMs: Number(env.AGENT_HANDSHAKE_TIMEOUT_MS ?? 15_000),
    agentBundlePath,
    agentLauncherPath: path.join(path.dirname(agentBundlePath), 'dockhand-agent-launcher.mjs'),
    nodeBinaryPath: env.AGENT_NODE_BINARY ?? process.execPath,
    releasesDir: path.resolve(env.AGENT_RELEASES_DIR ?? path.join(dirs.releasesDir, 'agent')),
    releasePublicKeyPath,
  };
}

/** Whoever holds the release key can run code on every agent: in production it stays offline. */
function refuseReleasePrivateKey(folders: string[]): void {
  for (const folder of folders) {
    const file = path.join(folder, 'release-key.pem');
    if (existsSync(file))
      throw new Error(
        `The agent release private key ${file} must not be on the server in production; keep it offline and give the server only the public key (README, 'Agent releases')`,
      );
  }
}
