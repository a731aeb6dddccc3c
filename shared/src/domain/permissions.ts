import { BILLING_ROLES, MANAGER_ROLES } from 'contract/rules';
import type { OrganizationRole, User, UserOrganization } from '../types';

export function roleIn(
  user: User | null | undefined,
  organizationId: string | null | undefined,
): OrganizationRole | null {
  if (!user || !organizationId) return null;
  return user.organizations.find((org) => org.id === organizationId)?.role ?? null;
}

/** Server Settings is shown only when the user is owner or admin of the server's organization. */
export function canManageServer(
  user: User | null | undefined,
  agent: { organization_id: string } | null | undefined,
): boolean {
  const role = roleIn(user, agent?.organization_id);
  return role !== null && MANAGER_ROLES.includes(role);
}

/** The Manage Organization capability: owner or admin of at least one organization. */
export function canManageOrganizations(user: User | null | undefined): boolean {
  return Boolean(user?.organizations.some((org) => MANAGER_ROLES.includes(org.role)));
}

/** Billing rights for the given organization, or for any organization when none is given. */
export function canManageBilling(user: User | null | undefined, organizationId?: string | null): boolean {
  if (!user) return false;
  const candidates = organizationId
    ? user.organizations.filter((org) => org.id === organizationId)
    : user.organizations;
  return candidates.some((org) => BILLING_ROLES.includes(org.role));
}

/** With no organization given, business billing uses the first org where the user is owner, then admin, then billing. */
export function pickBillingOrganization(user: User | null | undefined): UserOrganization | null {
  for (const role of BILLING_ROLES) {
    const found = user?.organizations.find((org) => org.role === role);
    if (found) return found;
  }
  return null;
}

/** Only owners may delete an organization. */
export function canDeleteOrganization(user: User | null | undefined, organizationId: string): boolean {
  return roleIn(user, organizationId) === 'owner';
}
