/**
 * The Stripe billing provider: Checkout sessions in subscription mode (a server's Pro plan, an
 * organization's Business plan) and Billing Portal sessions. Metadata on the session and on the
 * subscription names what it pays for, so webhooks can apply changes (stripe-events.ts).
 */
import Stripe from 'stripe';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { setOrganizationCustomer } from './billing-store.js';
import { billingErrors } from './errors.js';
import { checkoutSuccessUrl, type BillingProvider, type CheckoutRequest } from './provider.js';

export function createStripeClient(config: Config): Stripe {
  const api = config.billing.stripeApi;
  return new Stripe(config.billing.stripeSecretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
    ...(api ? { host: api.host, port: api.port, protocol: api.protocol } : {}),
  });
}

export function createStripeBillingProvider(
  stripe: Stripe,
  config: Config,
  db: Kysely<Database>,
): BillingProvider {
  const { publicUrl } = config;

  async function customerFor(request: CheckoutRequest): Promise<string> {
    if (request.organization.billing_customer_id) return request.organization.billing_customer_id;
    const customer = await stripe.customers.create({
      email: request.userEmail,
      name: request.organization.name,
      metadata: { organization_id: request.organization.id },
    });
    await setOrganizationCustomer(db, request.organization.id, customer.id);
    return customer.id;
  }

  async function checkout(
    request: CheckoutRequest,
    price: string,
    metadata: Record<string, string>,
    kind: 'agent' | 'business',
  ): Promise<string> {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: await customerFor(request),
      line_items: [{ price, quantity: 1 }],
      client_reference_id: request.organization.id,
      metadata,
      subscription_data: { metadata },
      success_url: checkoutSuccessUrl(publicUrl, kind),
      cancel_url: `${publicUrl}/#/${kind === 'business' ? 'organization' : ''}`,
    });
    if (!session.url) throw billingErrors.providerUnavailable();
    return session.url;
  }

  return {
    agentCheckoutUrl: (request) =>
      checkout(
        request,
        config.billing.stripePricePro,
        { kind: 'agent', agent_id: request.agent.id, organization_id: request.organization.id },
        'agent',
      ),
    businessCheckoutUrl: (request) =>
      checkout(
        request,
        config.billing.stripePriceBusiness,
        { kind: 'business', organization_id: request.organization.id },
        'business',
      ),
    async portalUrl(request) {
      if (!request.organization.billing_customer_id) throw billingErrors.noBillingAccount();
      const session = await stripe.billingPortal.sessions.create({
        customer: request.organization.billing_customer_id,
        return_url: `${publicUrl}/#/organization`,
      });
      return session.url;
    },
  };
}
