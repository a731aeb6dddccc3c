import type { Generated } from 'kysely';

/** The `agents` table (migration 001) with the columns pairing and reports add (migration 100), pairing codes and revoked certificates. */
export type AgentSubscriptionStatus = 'free' | 'paid' | 'unpaid';

/** How a `paid` agent is paid for: its own Pro subscription, or one of its organization's licenses. */
export type AgentPlanSource = 'subscription' | 'license';

export interface AgentsTable {
  /** uuid */
  id: string;
  organization_id: string;
  name: string;
  /** The agent's PEM certificate (P-256 public key). */
  certificate: string;
  subscription_status: AgentSubscriptionStatus;
  plan_source: AgentPlanSource | null;
  /** Stripe subscription of a server's own Pro plan, when bought through Checkout. */
  billing_subscription_id: string | null;
  /** `created` time (seconds) of the last billing event applied, so older events never win. */
  billing_event_at: number | null;
  /** ms since the epoch, or null before the first connection. */
  last_seen: number | null;
  created_at: number;
}

/**
 * Columns added to `agents` by migration 100: the certificate fingerprint and the last report of the agent.
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
  /** Where the agent connected from: the per-address limit counts these rows (migration 110). */
  address: string | null;
  created_at: number;
  expires_at: number;
}

/** Certificates of deleted agents: such an agent can never connect (or pair) again. */
interface RevokedAgentCertificatesTable {
  certificate_fingerprint: string;
  revoked_at: number;
}

export interface AgentTables {
  agents: AgentsTable & AgentHubColumns;
  agent_pairing_codes: AgentPairingCodesTable;
  revoked_agent_certificates: RevokedAgentCertificatesTable;
}
