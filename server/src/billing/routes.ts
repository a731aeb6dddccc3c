/** HTTP for spec section 7, Billing, plus the Stripe webhook. Each GET returns data.url. */
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { requireUser } from '../auth/guard.js';
import type { AppContext } from '../context.js';
import { inputObject, optionalString, requiredId } from '../http/input.js';
import {
  agentSubscriptionUrl,
  businessSubscriptionUrl,
  portalUrl,
  type BillingDeps,
} from './billing-service.js';
import { createDevBillingProvider } from './dev-provider.js';
import { registerDevBillingPages } from './dev-routes.js';
import { billingErrors } from './errors.js';
import { applyStripeEvent } from './stripe-events.js';

export async function registerBillingRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { config, db } = context;
  // The Stripe SDK is loaded only when it is used (it is large and the dev provider needs none of it).
  const stripeModule = config.billing.provider === 'stripe' ? await import('./stripe-provider.js') : null;
  const stripe = stripeModule ? stripeModule.createStripeClient(config) : null;
  const deps: BillingDeps = {
    db,
    provider:
      stripeModule && stripe
        ? stripeModule.createStripeBillingProvider(stripe, config, db)
        : createDevBillingProvider(db, config.publicUrl),
  };

  app.get('/api/v1/billing/get-agent-subscription-url', async (request) => {
    const user = await requireUser(request);
    const agentId = requiredId(inputObject(request.query), 'agent_id', 'Agent ID is required');
    return { success: true, message: 'OK', data: await agentSubscriptionUrl(deps, user, agentId) };
  });

  app.get('/api/v1/billing/get-business-subscription-url', async (request) => {
    const user = await requireUser(request);
    const organizationId = optionalString(inputObject(request.query), 'organization_id', 100);
    return { success: true, message: 'OK', data: await businessSubscriptionUrl(deps, user, organizationId) };
  });

  app.get('/api/v1/billing/get-portal-url', async (request) => {
    const user = await requireUser(request);
    const organizationId = optionalString(inputObject(request.query), 'organization_id', 100);
    return { success: true, message: 'OK', data: await portalUrl(deps, user, organizationId) };
  });

  if (stripe) await registerStripeWebhook(app, context, stripe);
  else await registerDevBillingPages(app, context);
}

async function registerStripeWebhook(
  app: FastifyInstance,
  context: AppContext,
  stripe: Stripe,
): Promise<void> {
  await app.register(async (scope) => {
    // The signature covers the exact bytes: keep the body raw.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.post('/billing/stripe/webhook', async (request) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
        throw billingErrors.invalidSignature();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          request.body,
          signature,
          context.config.billing.stripeWebhookSecret,
        );
      } catch {
        throw billingErrors.invalidSignature();
      }
      const applied = await applyStripeEvent(context.db, event, context.config.billing.businessLicenses);
      return { success: true, message: applied ? 'Applied' : 'Already processed' };
    });
  });
}
