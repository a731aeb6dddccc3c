/** Billing and plan calls (spec section 7, Billing and Organizations), shared by every page that sells or assigns a plan. */
import { apiCall, apiGet } from './client';

/** The plan promote-agent assigns: Free (the owner's one free slot) or Pro (an organization license). */
export type ServerPlanChoice = 'free' | 'pro';

/** POST promote-agent; resolves with the server's message (spec section 7, Organizations). */
export async function promoteAgent(agentId: string, type: ServerPlanChoice): Promise<string> {
  const result = await apiCall<{ message?: string } | null>('/api/v1/organizations/promote-agent', {
    method: 'POST',
    body: { agent_id: agentId, type },
    failureMessage: 'Failed to promote agent',
  });
  return result.data?.message ?? result.message;
}

async function billingUrl(
  path: string,
  query: Record<string, string>,
  failureMessage: string,
  missingMessage: string,
): Promise<string> {
  const data = await apiGet<{ url?: unknown } | null>(path, { query, failureMessage });
  if (typeof data?.url !== 'string' || data.url === '') throw new Error(missingMessage);
  return data.url;
}

/** Checkout of a Pro subscription for one server. */
export const agentSubscriptionUrl = (agentId: string) =>
  billingUrl(
    '/api/v1/billing/get-agent-subscription-url',
    { agent_id: agentId },
    'Unable to open subscription page',
    'Subscription URL is missing in the response',
  );

/** Checkout of the Business plan for an organization. */
export const businessSubscriptionUrl = (organizationId: string) =>
  billingUrl(
    '/api/v1/billing/get-business-subscription-url',
    { organization_id: organizationId },
    'Unable to open business subscription',
    'Subscription URL is missing in the response',
  );

/** The billing portal of a Business organization (licenses, invoices, cancellation). */
export const portalUrl = (organizationId: string) =>
  billingUrl(
    '/api/v1/billing/get-portal-url',
    { organization_id: organizationId },
    'Unable to open billing portal',
    'Billing portal URL is missing in the response',
  );

/** Billing pages open beside the dashboard, never in place of it. */
export function openBillingPage(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}
