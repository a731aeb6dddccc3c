/**
 * The billing pages (spec section 6). Who may open them is the routes' `config.auth` (any of
 * owner/admin/billing of the given organization or agent); without an organization, the user's
 * first organization where they are owner, then admin, then billing.
 */
import { BILLING_ROLES } from 'contract';
import type { Kysely } from 'kysely';
import type { AgentRow } from '../agents/agent-store.js';
import type { SessionUser } from '../auth/session-store.js';
import type { Database } from '../db/schema.js';
import { DomainError } from '../errors/domain-error.js';
import { firstOrganizationWithRole } from '../organizations/member-store.js';
import { findOrganization, type OrganizationRow } from '../organizations/organization-store.js';
import { billingErrors } from './errors.js';
import type { BillingProvider } from './provider.js';

export interface BillingDeps {
  db: Kysely<Database>;
  provider: BillingProvider;
}

/** An organization the route let through; gone since, it answers like a foreign one. */
export async function checkedOrganization(
  db: Kysely<Database>,
  organizationId: string,
): Promise<OrganizationRow> {
  const organization = await findOrganization(db, organizationId);
  if (!organization) throw billingErrors.noPermissionForOrganization();
  return organization;
}

/** The organization the route checked, else the user's first one with billing rights, else `none`. */
async function pickOrganization(
  db: Kysely<Database>,
  userId: string,
  organizationId: string | undefined,
  none: () => DomainError,
): Promise<OrganizationRow> {
  const picked = organizationId || (await firstOrganizationWithRole(db, userId, BILLING_ROLES));
  if (!picked) throw none();
  return checkedOrganization(db, picked);
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

/** `agent`: one the route checked (`agentRole` with billing rights). */
export async function agentSubscriptionUrl(
  deps: BillingDeps,
  user: SessionUser,
  agent: AgentRow,
): Promise<{ url: string }> {
  const organization = await checkedOrganization(deps.db, agent.organization_id);
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
