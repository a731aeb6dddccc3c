/** HTTP for spec section 7, Billing, plus the Stripe webhook. Each GET returns data.url. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../context.js';
import { BILLING_ROLES } from 'contract';
import { agentOf, agentRole, organizationRole, publicRoute, userOf } from '../http/access.js';
import { answers, envelope, optionalText, query, requiredId, Type } from '../http/schemas.js';
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
import { agentErrors } from '../agents/errors.js';

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

  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // Billing rights (spec section 6) of the given organization or agent; the business and portal
  // calls without an organization take the user's first one with rights (the service picks it).
  const refuse = billingErrors.noPermissionForOrganization;
  const organizationRights = organizationRole('organization_id', BILLING_ROLES, { refuse, optional: true });
  const urlAnswer = answers(envelope(Type.Object({ url: Type.String() })));
  const organizationQuery = query({ organization_id: optionalText(100) });

  api.get(
    '/api/v1/billing/get-agent-subscription-url',
    {
      config: { auth: agentRole(BILLING_ROLES, { refuse }) },
      schema: { querystring: query({ agent_id: requiredId(agentErrors.idRequired) }), response: urlAnswer },
    },
    async (request) => ({
      success: true,
      message: 'OK',
      data: await agentSubscriptionUrl(deps, userOf(request), agentOf(request)),
    }),
  );

  api.get(
    '/api/v1/billing/get-business-subscription-url',
    { config: { auth: organizationRights }, schema: { querystring: organizationQuery, response: urlAnswer } },
    async (request) => ({
      success: true,
      message: 'OK',
      data: await businessSubscriptionUrl(deps, userOf(request), request.query.organization_id || undefined),
    }),
  );

  api.get(
    '/api/v1/billing/get-portal-url',
    { config: { auth: organizationRights }, schema: { querystring: organizationQuery, response: urlAnswer } },
    async (request) => ({
      success: true,
      message: 'OK',
      data: await portalUrl(deps, userOf(request), request.query.organization_id || undefined),
    }),
  );

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
    scope.post('/billing/stripe/webhook', { config: { auth: publicRoute } }, async (request) => {
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
