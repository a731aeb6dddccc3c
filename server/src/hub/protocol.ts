/**
 * Messages between the agent and the server hub over the WebSocket at `/agent/connect`.
 * This file is the single source of truth; `server/src/hub/protocol.ts` is a byte-for-byte copy
 * checked by a server test. Every message is one JSON text frame.
 *
 * Connection: agent → hello {certificate, agent_version}; server → challenge {nonce}; agent →
 * proof {signature = ECDSA-P256-SHA256(nonce) base64, IEEE P1363}. Then the server answers
 * `welcome` (a registered agent) or `pairing` {code, expires_at} (a new one; `welcome` follows on
 * the same connection once a user claims the code). A revoked (deleted) agent is closed with
 * close code 4003. After `welcome`, the agent sends `report` and `app-status` events and serves
 * `request`s with exactly one `response` each.
 */

export const PROTOCOL_VERSION = 1;
export const CloseCode = { PairingExpired: 4001, AuthFailed: 4002, Revoked: 4003, Replaced: 4004 } as const;

export interface NamedValue {
  name: string;
  value: string;
}
export interface Feature {
  name: string;
  is_enabled: boolean;
}

export type AgentToServer =
  | { type: 'hello'; certificate: string; agent_version: string; protocol: number }
  | { type: 'proof'; signature: string }
  | { type: 'report'; capabilities: NamedValue[]; features: Feature[] }
  | { type: 'app-status'; apps: AppStatusEntry[] }
  | { type: 'response'; id: string; ok: true; result: unknown }
  | { type: 'response'; id: string; ok: false; error: { code: string; message: string } };

export type ServerToAgent =
  | { type: 'challenge'; nonce: string }
  | { type: 'pairing'; code: string; expires_at: number }
  | { type: 'welcome'; agent_id: string }
  | { type: 'request'; id: string; method: AgentMethod; params: unknown };

export interface AppStatusEntry {
  app_id: string;
  status: number;
}

/** One file or variable of a deployment; `value`/`content` is ciphertext when `is_encrypted`. */
export interface DeploymentFile {
  filename: string;
  content: string;
  is_encrypted: boolean;
}
export interface DeploymentVariable {
  name: string;
  value: string;
  is_encrypted: boolean;
}
export interface AppDeployment {
  app_id: string;
  /** Compose project name chosen by the server (the agent prepends its configured prefix). */
  project: string;
  files: DeploymentFile[];
  variables: DeploymentVariable[];
}

/** start: `up -d`; stop; restart; update: pull + up; redeploy: up --force-recreate. */
export type AppOperation = 'start' | 'stop' | 'restart' | 'update' | 'redeploy';

export interface LogEntry {
  /** Milliseconds since the epoch (the engine's nanoseconds are truncated). */
  timestamp: number;
  container_id: string;
  channel: 'stdout' | 'stderr';
  message: string;
}
export interface AppLogs {
  /** container id → container name */
  containers: Record<string, string>;
  logs: LogEntry[];
}

export interface RegistryEntry {
  address: string;
  username: string;
}

/** Request methods with their params and results. */
export interface AgentMethods {
  'app.deploy': {
    params: { deployment: AppDeployment; operation?: 'update' | 'redeploy' };
    result: AppStatusEntry;
  };
  'app.control': {
    params: { app_id: string; operation: AppOperation; deployment?: AppDeployment };
    result: AppStatusEntry;
  };
  'app.delete': { params: { app_id: string }; result: { deleted: boolean } };
  'app.statuses': { params: Record<string, never>; result: AppStatusEntry[] };
  'app.logs': {
    params: { app_id: string; tail?: number; since_ms?: number; until_ms?: number };
    result: AppLogs;
  };
  'network.list': { params: Record<string, never>; result: Array<{ name: string }> };
  'network.create': { params: { name: string }; result: { name: string } };
  'network.delete': { params: { name: string }; result: { name: string } };
  'registry.list': { params: Record<string, never>; result: RegistryEntry[] };
  /** username and password are encrypted values (see agent/src/crypto/secrets.ts) or empty. */
  'registry.create': {
    params: { address: string; username: string; password: string };
    result: RegistryEntry;
  };
  'registry.delete': { params: { address: string }; result: { address: string } };
  /**
   * Downloads the bundle of `version` from `url` (relative to the server the agent is connected
   * to), checks its SHA-256 and the release key's Ed25519 `signature` (base64) over the release
   * statement, then switches to it under the launcher, which rolls back if it does not come up.
   */
  'agent.update': {
    params: { version: string; url: string; sha256: string; signature: string };
    result: { version: string };
  };
}
export type AgentMethod = keyof AgentMethods;
