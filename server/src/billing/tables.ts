/** Billing bookkeeping: processed webhook events (idempotency) and dev-provider checkouts. */
interface BillingEventsTable {
  /** Provider event id (Stripe `evt_...`). */
  id: string;
  processed_at: number;
}

export type CheckoutKind = 'agent' | 'business';

export interface DevCheckoutsTable {
  /** Random, unguessable. */
  id: string;
  kind: CheckoutKind;
  organization_id: string;
  agent_id: string | null;
  user_id: string;
  created_at: number;
  completed_at: number | null;
}

export interface BillingTables {
  billing_events: BillingEventsTable;
  dev_checkouts: DevCheckoutsTable;
}
