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
import { DomainError } from '../http/errors.js';
import type { OrganizationRole } from './tables.js';

export const adminRoles: readonly OrganizationRole[] = ['owner', 'admin'];
export const billingRoles: readonly OrganizationRole[] = ['owner', 'admin', 'billing'];
export const ownerOnly: readonly OrganizationRole[] = ['owner'];

export function noOrganizationAccess(): DomainError {
  return new DomainError('ORG_FORBIDDEN', 'You don’t have access to this organization', 403);
}

export async function findOrgRole(
  db: Kysely<Database>,
  userId: string,
  organizationId: string,
): Promise<OrganizationRole | null> {
  const row = await db
    .selectFrom('organization_members')
    .select('role')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role ?? null;
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
