/**
 * Contract: organization role checks used by every area.
 * - `requireOrgRole(db, userId, organizationId, roles)` → the member's role, or throws 403
 *   "You don't have access to this organization" (same answer whether the organization exists or
 *   not, so ids cannot be probed).
 * - `adminRoles` (owner/admin: the admin-level check of spec section 6), `billingRoles` (any of
 *   the three), `ownerOnly`.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { DomainError } from '../errors/domain-error.js';
import { findOrgRole } from './member-store.js';
import type { OrganizationRole } from './tables.js';

export const adminRoles: readonly OrganizationRole[] = ['owner', 'admin'];
export const billingRoles: readonly OrganizationRole[] = ['owner', 'admin', 'billing'];
export const ownerOnly: readonly OrganizationRole[] = ['owner'];

export function noOrganizationAccess(): DomainError {
  return new DomainError('ORG_FORBIDDEN', 'You don’t have access to this organization');
}

export async function requireOrgRole(
  db: Kysely<Database>,
  userId: string,
  organizationId: string,
  roles: readonly OrganizationRole[],
  forbidden: () => DomainError = noOrganizationAccess,
): Promise<OrganizationRole> {
  const role = await findOrgRole(db, userId, organizationId);
  if (!role || !roles.includes(role)) throw forbidden();
  return role;
}
