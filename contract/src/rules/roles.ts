/** Organization roles (spec section 6) and the sets of them each kind of action needs. */
export const ORGANIZATION_ROLES = ['owner', 'admin', 'billing'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

/** Owner or admin: the admin-level check (an agent's organization, Server Settings, members). */
export const MANAGER_ROLES: readonly OrganizationRole[] = ['owner', 'admin'];
/** Deleting the organization: its owner only. */
export const OWNER_ROLES: readonly OrganizationRole[] = ['owner'];
/** Managing billing: any of the three roles. */
export const BILLING_ROLES: readonly OrganizationRole[] = ['owner', 'admin', 'billing'];

export function isOrganizationRole(value: unknown): value is OrganizationRole {
  return (ORGANIZATION_ROLES as readonly unknown[]).includes(value);
}
