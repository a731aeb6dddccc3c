/**
 * HTTP for the dev billing provider's pages: a checkout that, when completed, marks the server Pro
 * or the organization Business (with its licenses) and returns to the dashboard with
 * `?checkout_success=true`, and a portal that can cancel Business. Rules: dev-checkout-service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { BILLING_ROLES } from 'contract';
import { organizationRole, signedIn, userOf } from '../http/access.js';
import { cancelBusiness, completeCheckout, openDevCheckout } from './dev-checkout-service.js';
import { checkedOrganization } from './billing-service.js';
import { billingErrors } from './errors.js';
import { renderDevCheckoutPage, renderDevPortalPage } from './dev-pages.js';
import { checkoutSuccessUrl } from './provider.js';

export async function registerDevBillingPages(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db, config } = context;
  const licenses = config.billing.businessLicenses;
  const billingRights = organizationRole('organizationId', BILLING_ROLES, {
    refuse: billingErrors.noPermissionForOrganization,
  });

  await app.register(async (scope) => {
    // The forms post nothing we need; accept and ignore their bodies.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { bodyLimit: 1024 },
      (_request, _payload, done) => done(null, {}),
    );

    scope.get<{ Params: { id: string } }>(
      '/billing/dev/checkout/:id',
      { config: { auth: signedIn } },
      async (request, reply) => {
        const { checkout, subject } = await openDevCheckout(db, userOf(request).id, request.params.id);
        const html = renderDevCheckoutPage({
          action: `/billing/dev/checkout/${encodeURIComponent(checkout.id)}/complete`,
          planName: checkout.kind === 'agent' ? 'Pro server' : `Business (${licenses} Pro server licenses)`,
          subject,
          cancelUrl: '/',
        });
        return reply.type('text/html').send(html);
      },
    );

    scope.post<{ Params: { id: string } }>(
      '/billing/dev/checkout/:id/complete',
      { config: { auth: signedIn } },
      async (request, reply) => {
        const checkout = await completeCheckout(db, userOf(request).id, request.params.id, licenses);
        return reply.redirect(checkoutSuccessUrl(config.publicUrl, checkout.kind), 303);
      },
    );

    scope.get<{ Params: { organizationId: string } }>(
      '/billing/dev/portal/:organizationId',
      { config: { auth: billingRights } },
      async (request, reply) => {
        const { organizationId } = request.params;
        const organization = await checkedOrganization(db, organizationId);
        const html = renderDevPortalPage({
          organizationName: organization.name,
          business: organization.subscription_status === 'paid',
          licenses: organization.licenses,
          cancelAction: `/billing/dev/portal/${encodeURIComponent(organizationId)}/cancel`,
          returnUrl: '/#/organization',
        });
        return reply.type('text/html').send(html);
      },
    );

    scope.post<{ Params: { organizationId: string } }>(
      '/billing/dev/portal/:organizationId/cancel',
      { config: { auth: billingRights } },
      async (request, reply) => {
        await cancelBusiness(db, request.params.organizationId);
        return reply.redirect('/#/organization', 303);
      },
    );
  });
}
