/**
 * Who may open which billing page (spec section 6): any of owner/admin/billing for the given
 * organization; without one, the business call picks the first organization where the user is
 * owner, then admin, then billing.
 */
import { BILLING_ROLES } from 'contract';
import type { Kysely } from 'kysely';
import { findAgent } from '../agents/agent-store.js';
import type { SessionUser } from '../auth/session-store.js';
import type { Database } from '../db/schema.js';
import { DomainError } from '../errors/domain-error.js';
import { findOrgRole, firstOrganizationWithRole } from '../organizations/member-store.js';
import { findOrganization, type OrganizationRow } from '../organizations/organization-store.js';
import { billingErrors } from './errors.js';
import type { BillingProvider } from './provider.js';

export interface BillingDeps {
  db: Kysely<Database>;
  provider: BillingProvider;
}

async function organizationWithBillingRights(
  db: Kysely<Database>,
  userId: string,
  organizationId: string,
): Promise<OrganizationRow> {
  const role = await findOrgRole(db, userId, organizationId);
  const organization =
    role && BILLING_ROLES.includes(role) ? await findOrganization(db, organizationId) : null;
  if (!organization) throw billingErrors.noPermissionForOrganization();
  return organization;
}

async function pickOrganization(
  db: Kysely<Database>,
  userId: string,
  organizationId: string | undefined,
  none: () => DomainError,
): Promise<OrganizationRow> {
  if (organizationId) return organizationWithBillingRights(db, userId, organizationId);
  const picked = await firstOrganizationWithRole(db, userId, BILLING_ROLES);
  if (!picked) throw none();
  return organizationWithBillingRights(db, userId, picked);
}

/** Provider failures (network, Stripe errors) become one clear 502, never a 500. */
async function fromProvider(open: () => Promise<string>): Promise<{ url: string }> {
  try {
    return { url: await open() };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw billingErrors.providerUnavailable();
  }
}

export async function agentSubscriptionUrl(
  deps: BillingDeps,
  user: SessionUser,
  agentId: string,
): Promise<{ url: string }> {
  const agent = await findAgent(deps.db, agentId);
  // Unknown agent and foreign agent answer alike.
  if (!agent) throw billingErrors.noPermissionForOrganization();
  const organization = await organizationWithBillingRights(deps.db, user.id, agent.organization_id);
  if (agent.subscription_status === 'paid') throw billingErrors.agentAlreadyPro();
  return fromProvider(() =>
    deps.provider.agentCheckoutUrl({ agent, organization, userId: user.id, userEmail: user.email }),
  );
}

export async function businessSubscriptionUrl(
  deps: BillingDeps,
  user: SessionUser,
  organizationId?: string,
): Promise<{ url: string }> {
  const organization = await pickOrganization(
    deps.db,
    user.id,
    organizationId,
    billingErrors.noBillingOrganization,
  );
  if (organization.subscription_status === 'paid') throw billingErrors.alreadyBusiness();
  return fromProvider(() =>
    deps.provider.businessCheckoutUrl({ organization, userId: user.id, userEmail: user.email }),
  );
}

export async function portalUrl(
  deps: BillingDeps,
  user: SessionUser,
  organizationId?: string,
): Promise<{ url: string }> {
  const organization = await pickOrganization(deps.db, user.id, organizationId, billingErrors.noPermission);
  return fromProvider(() =>
    deps.provider.portalUrl({ organization, userId: user.id, userEmail: user.email }),
  );
}
