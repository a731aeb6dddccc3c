/**
 * One billing interface, two providers: `dev` (checkout and portal pages on this server) and
 * `stripe` (Stripe Checkout, Billing Portal, signed webhooks). Each returns the URL to open.
 */
import type { AgentRow } from '../agents/agent-store.js';
import type { OrganizationRow } from '../organizations/organization-store.js';

export interface CheckoutRequest {
  organization: OrganizationRow;
  userId: string;
  userEmail: string;
}

export interface BillingProvider {
  /** Checkout for one server's Pro plan. */
  agentCheckoutUrl(request: CheckoutRequest & { agent: AgentRow }): Promise<string>;
  /** Checkout for an organization's Business plan. */
  businessCheckoutUrl(request: CheckoutRequest): Promise<string>;
  /** Self-service portal for the organization's subscriptions. */
  portalUrl(request: CheckoutRequest): Promise<string>;
}

/** Where a successful checkout returns the browser (the dashboard uses hash routes). */
export function checkoutSuccessUrl(publicUrl: string, kind: 'agent' | 'business'): string {
  return `${publicUrl}/?checkout_success=true#/${kind === 'business' ? 'organization' : ''}`;
}
