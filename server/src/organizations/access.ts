/**
 * Contract: organization role checks used by every area.
 * - `requireOrgRole(db, userId, organizationId, { roles })` → the member's role, or throws 403
 *   "You don't have access to this organization" (same answer whether the organization exists or
 *   not, so ids cannot be probed), or the route's own refusal.
 * - the role sets (`MANAGER_ROLES`, `BILLING_ROLES`) live in the contract package.
 */
import type { OrganizationRole } from 'contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { DomainError } from '../errors/domain-error.js';
import { organizationErrors } from './errors.js';
import { findOrgRole } from './member-store.js';

/** A route's own wording of a refusal (`id`: the organization's or agent's id). */
type Refusal = (id: string) => DomainError;
export interface Refusals {
  /** Every refusal: not a member, no such organization or agent, or a role not allowed. */
  refuse?: Refusal;
  /** A member whose role is not allowed (overrides `refuse`). */
  wrongRole?: Refusal;
}

/** The member's role, if it is one of `roles`; otherwise the refusal (default: no access). */
export async function requireOrgRole(
  db: Kysely<Database>,
  userId: string,
  organizationId: string,
  access: Refusals & { roles: readonly OrganizationRole[] },
): Promise<OrganizationRole> {
  const role = await findOrgRole(db, userId, organizationId);
  const refuse = access.refuse ?? organizationErrors.noAccess;
  if (!role) throw refuse(organizationId);
  if (!access.roles.includes(role)) throw (access.wrongRole ?? refuse)(organizationId);
  return role;
}
