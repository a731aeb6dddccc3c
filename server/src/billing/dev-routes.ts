/**
 * The dev billing provider's pages: a checkout that, when completed, marks the server Pro or the
 * organization Business (with its licenses) and returns to the dashboard with
 * `?checkout_success=true`, and a portal that can cancel Business. Only the user who started a
 * checkout can complete it, and only while they still have billing rights.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../auth/guard.js';
import type { AppContext } from '../context.js';
import { billingRoles, requireOrgRole } from '../organizations/access.js';
import { findOrganization } from '../organizations/organization-store.js';
import { findAgent } from '../agents/agent-store.js';
import {
  completeDevCheckout,
  endOrganizationBusiness,
  findDevCheckout,
  markAgentProSubscription,
  markOrganizationBusiness,
} from './billing-store.js';
import { renderDevCheckoutPage, renderDevPortalPage } from './dev-pages.js';
import { billingErrors } from './errors.js';
import { checkoutSuccessUrl } from './provider.js';

export async function registerDevBillingPages(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db, config } = context;

  async function openCheckout(id: string, userId: string) {
    const checkout = await findDevCheckout(db, id);
    if (!checkout || checkout.user_id !== userId || checkout.completed_at !== null)
      throw billingErrors.checkoutNotFound();
    await requireOrgRole(
      db,
      userId,
      checkout.organization_id,
      billingRoles,
      billingErrors.noPermissionForOrganization,
    );
    return checkout;
  }

  async function requireBillingRights(request: FastifyRequest, organizationId: string): Promise<void> {
    const user = await requireUser(request);
    await requireOrgRole(
      db,
      user.id,
      organizationId,
      billingRoles,
      billingErrors.noPermissionForOrganization,
    );
  }

  await app.register(async (scope) => {
    // The forms post nothing we need; accept and ignore their bodies.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { bodyLimit: 1024 },
      (_request, _payload, done) => done(null, {}),
    );

    scope.get<{ Params: { id: string } }>('/billing/dev/checkout/:id', async (request, reply) => {
      const user = await requireUser(request);
      const checkout = await openCheckout(request.params.id, user.id);
      const organization = await findOrganization(db, checkout.organization_id);
      const agent = checkout.agent_id ? await findAgent(db, checkout.agent_id) : null;
      const html = renderDevCheckoutPage({
        action: `/billing/dev/checkout/${encodeURIComponent(checkout.id)}/complete`,
        planName:
          checkout.kind === 'agent'
            ? 'Pro server'
            : `Business (${config.billing.businessLicenses} Pro server licenses)`,
        subject: agent?.name ?? organization?.name ?? '',
        cancelUrl: '/',
      });
      return reply.type('text/html').send(html);
    });

    scope.post<{ Params: { id: string } }>('/billing/dev/checkout/:id/complete', async (request, reply) => {
      const user = await requireUser(request);
      const checkout = await openCheckout(request.params.id, user.id);
      await db.transaction().execute(async (trx) => {
        if (!(await completeDevCheckout(trx, checkout.id, Date.now())))
          throw billingErrors.checkoutNotFound();
        if (checkout.kind === 'agent' && checkout.agent_id) {
          await markAgentProSubscription(trx, checkout.agent_id, null, null);
        } else {
          await markOrganizationBusiness(trx, checkout.organization_id, {
            licenses: config.billing.businessLicenses,
            customerId: null,
            subscriptionId: null,
            eventAt: null,
          });
        }
      });
      return reply.redirect(checkoutSuccessUrl(config.publicUrl, checkout.kind), 303);
    });

    scope.get<{ Params: { organizationId: string } }>(
      '/billing/dev/portal/:organizationId',
      async (request, reply) => {
        const { organizationId } = request.params;
        await requireBillingRights(request, organizationId);
        const organization = await findOrganization(db, organizationId);
        const html = renderDevPortalPage({
          organizationName: organization?.name ?? '',
          business: organization?.subscription_status === 'paid',
          licenses: organization?.licenses ?? 0,
          cancelAction: `/billing/dev/portal/${encodeURIComponent(organizationId)}/cancel`,
          returnUrl: '/#/organization',
        });
        return reply.type('text/html').send(html);
      },
    );

    scope.post<{ Params: { organizationId: string } }>(
      '/billing/dev/portal/:organizationId/cancel',
      async (request, reply) => {
        const { organizationId } = request.params;
        await requireBillingRights(request, organizationId);
        await db.transaction().execute((trx) => endOrganizationBusiness(trx, organizationId, null));
        return reply.redirect('/#/organization', 303);
      },
    );
  });
}
