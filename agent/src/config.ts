import path from 'node:path';
import type { AgentFeatureName } from 'contract';
import { DEFAULT_POLICY, type AdmissionPolicy } from './policy/admission-policy.js';
import { DEFAULT_UPDATE_POLICY, type UpdatePolicy } from './releases/update-policy.js';

export interface AgentConfig {
  /** Base URL of the Dockhand server (http(s)://host[:port]); the agent connects to /agent/connect. */
  serverUrl: string;
  /** Private key, certificate and registry credentials live here (0700). */
  stateDir: string;
  /** One folder per app holding its compose files. */
  appsDir: string;
  /** Prepended to every compose project name, so several agents/test runs on one engine never collide. */
  projectPrefix: string;
  dockerSocket: string;
  /** Forces the compose command ('docker compose' or 'docker-compose'); detected when empty. */
  composeCommand: string;
  /** Timeout for one compose command, in ms. */
  composeTimeoutMs: number;
  /** From the host configuration file (host-config.ts), never from the server. */
  policy: AdmissionPolicy;
  /** From the host configuration file too: whether and to what the dashboard may update this agent. */
  updates: UpdatePolicy;
  /** From the host configuration file too: features reported disabled and refused. */
  featuresOff: readonly AgentFeatureName[];
  /** Release public key pinned at install (DOCKHAND_RELEASE_KEY); updates are refused without it. */
  releaseKeyPath: string | null;
  /** Crash tests only (DOCKHAND_TEST_HOLD_DIR): where hold markers are looked for (docker/test-hold.ts). */
  testHoldDir: string | null;
  /** DOCKHAND_LOG_DEPLOY_STEPS=1: each deploy logs when each of its steps ended (bench/agent reads it). */
  logDeploySteps: boolean;
}

export function loadAgentConfig(env: NodeJS.ProcessEnv = process.env): AgentConfig {
  const stateDir = path.resolve(env.DOCKHAND_STATE_DIR ?? '/var/lib/dockhand-agent');
  return {
    serverUrl: (env.DOCKHAND_SERVER_URL ?? 'http://localhost:8080').replace(/\/$/, ''),
    stateDir,
    appsDir: path.resolve(env.DOCKHAND_APPS_DIR ?? path.join(stateDir, 'apps')),
    projectPrefix: env.DOCKHAND_PROJECT_PREFIX ?? '',
    dockerSocket: env.DOCKER_SOCKET ?? '/var/run/docker.sock',
    composeCommand: env.DOCKHAND_COMPOSE ?? '',
    composeTimeoutMs: Number(env.DOCKHAND_COMPOSE_TIMEOUT_MS ?? 10 * 60 * 1000),
    policy: DEFAULT_POLICY,
    updates: DEFAULT_UPDATE_POLICY,
    featuresOff: [],
    releaseKeyPath: env.DOCKHAND_RELEASE_KEY ? path.resolve(env.DOCKHAND_RELEASE_KEY) : null,
    testHoldDir: env.DOCKHAND_TEST_HOLD_DIR ? path.resolve(env.DOCKHAND_TEST_HOLD_DIR) : null,
    logDeploySteps: env.DOCKHAND_LOG_DEPLOY_STEPS === '1',
  };
}
