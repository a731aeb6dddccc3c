/** The `agents` table (created by migration 001; the agent helper adds columns in 100+). */
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

export interface AgentTables {
  agents: AgentsTable;
}
