/**
 * Contract: organization role checks used by every area.
 * - `requireOrgRole(db, userId, organizationId, roles)` → the member's role, or throws 403
 *   "You don't have access to this organization" (same answer whether the organization exists or
 *   not, so ids cannot be probed).
 * - the role sets (`MANAGER_ROLES`, `BILLING_ROLES`) live in the contract package.
 */
import type { OrganizationRole } from 'contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { DomainError } from '../errors/domain-error.js';
import { organizationErrors } from './errors.js';
import { findOrgRole } from './member-store.js';

/** `forbidden`: the refusal an area words its own way (billing has its spec text). */
export async function requireOrgRole(
  db: Kysely<Database>,
  userId: string,
  organizationId: string,
  roles: readonly OrganizationRole[],
  forbidden: () => DomainError = organizationErrors.noAccess,
): Promise<OrganizationRole> {
  const role = await findOrgRole(db, userId, organizationId);
  if (!role || !roles.includes(role)) throw forbidden();
  return role;
}
