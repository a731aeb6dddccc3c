import type { Generated } from 'kysely';
import type { AgentsTable } from './tables.js';

/**
 * Tables of the agent hub and apps (migration 100). Booleans are 0/1 integers, times are ms.
 * Columns added to `agents`: the certificate fingerprint and the last report of the agent.
 */
export interface AgentHubColumns {
  /** SHA-256 (hex) of the certificate DER: how a connecting agent is recognised. */
  certificate_fingerprint: string | null;
  /** JSON [{name, value}] as last reported by the agent. */
  capabilities: Generated<string>;
  /** JSON [{name, is_enabled}] as last reported by the agent. */
  features: Generated<string>;
}

export interface AgentPairingCodesTable {
  code: string;
  certificate: string;
  certificate_fingerprint: string;
  created_at: number;
  expires_at: number;
}

/** Certificates of deleted agents: such an agent can never connect (or pair) again. */
export interface RevokedAgentCertificatesTable {
  certificate_fingerprint: string;
  revoked_at: number;
}

export interface AppsTable {
  id: string;
  agent_id: string;
  name: string;
  /** Compose project name on the agent, fixed at creation (renaming the app keeps it). */
  project: string;
  description: string | null;
  version: string | null;
  template_id: string | null;
  extension: string | null;
  icon: string;
  color: string;
  /** JSON [{extension, extension_app_id}] */
  extension_values: string;
  /** Last status code the agent reported (spec section 4). */
  status: number;
  created_at: number;
  updated_at: number;
}

/** type 'user' (edited by users) or 'inherited' (a template secret filled in at install). */
export interface AppFilesTable {
  id: string;
  app_id: string;
  filename: string;
  /** Ciphertext when is_encrypted. */
  content: string;
  is_encrypted: number;
  type: string;
  position: number;
}

export interface AppVariablesTable {
  id: string;
  app_id: string;
  name: string;
  /** Ciphertext when is_encrypted. */
  value: string;
  is_encrypted: number;
  type: string;
  position: number;
}

export interface AgentHubTables {
  agents: AgentsTable & AgentHubColumns;
  agent_pairing_codes: AgentPairingCodesTable;
  revoked_agent_certificates: RevokedAgentCertificatesTable;
  apps: AppsTable;
  app_files: AppFilesTable;
  app_variables: AppVariablesTable;
}
