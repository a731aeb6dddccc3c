/**
 * Rules of the dev billing provider's pages: only the user who started a checkout can see and
 * complete it, once, while they still have billing rights; completing applies the plan.
 * The portal can end Business.
 */
import { BILLING_ROLES } from 'contract';
import type { Kysely } from 'kysely';
import { findAgent } from '../agents/agent-store.js';
import type { Database } from '../db/schema.js';
import { requireOrgRole } from '../organizations/access.js';
import type { OrganizationRow } from '../organizations/organization-store.js';
import { checkedOrganization } from './billing-service.js';
import {
  completeDevCheckout,
  endOrganizationBusiness,
  findDevCheckout,
  markAgentProSubscription,
  markOrganizationBusiness,
  type DevCheckoutRow,
} from './billing-store.js';
import { billingErrors } from './errors.js';

export interface OpenCheckout {
  checkout: DevCheckoutRow;
  /** What is being bought for: the server's or the organization's name. */
  subject: string;
}

/** The organization a checkout was started for, while its user still has billing rights there. */
async function checkoutOrganization(
  db: Kysely<Database>,
  userId: string,
  checkout: DevCheckoutRow,
): Promise<OrganizationRow> {
  await requireOrgRole(db, userId, checkout.organization_id, {
    roles: BILLING_ROLES,
    refuse: billingErrors.noPermissionForOrganization,
  });
  return checkedOrganization(db, checkout.organization_id);
}

export async function openDevCheckout(
  db: Kysely<Database>,
  userId: string,
  checkoutId: string,
): Promise<OpenCheckout> {
  const checkout = await findDevCheckout(db, checkoutId);
  if (!checkout || checkout.user_id !== userId || checkout.completed_at !== null) {
    throw billingErrors.checkoutNotFound();
  }
  const organization = await checkoutOrganization(db, userId, checkout);
  const agent = checkout.agent_id ? await findAgent(db, checkout.agent_id) : null;
  return { checkout, subject: agent?.name ?? organization.name };
}

export async function completeCheckout(
  db: Kysely<Database>,
  userId: string,
  checkoutId: string,
  businessLicenses: number,
): Promise<DevCheckoutRow> {
  const { checkout } = await openDevCheckout(db, userId, checkoutId);
  await db.transaction().execute(async (trx) => {
    if (!(await completeDevCheckout(trx, checkout.id, Date.now()))) throw billingErrors.checkoutNotFound();
    if (checkout.kind === 'agent' && checkout.agent_id) {
      await markAgentProSubscription(trx, checkout.agent_id, null, null);
    } else {
      await markOrganizationBusiness(trx, checkout.organization_id, {
        licenses: businessLicenses,
        customerId: null,
        subscriptionId: null,
        eventAt: null,
      });
    }
  });
  return checkout;
}

/** `organizationId`: checked by the route (billing rights). */
export async function cancelBusiness(db: Kysely<Database>, organizationId: string): Promise<void> {
  await checkedOrganization(db, organizationId);
  await db.transaction().execute((trx) => endOrganizationBusiness(trx, organizationId, null));
}
