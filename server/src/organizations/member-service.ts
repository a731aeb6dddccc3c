import type { Static } from '@sinclair/typebox';
/**
 * Member rules: owners and admins list, invite and remove; owners cannot be removed. An invitation
 * is pending until its invitee accepts it (invitation-service.ts), whether or not they have an
 * account yet; until then the inviter sees it in the member list and may withdraw it.
 */
import { hasHiddenCharacters, type OrganizationRole } from 'contract';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { findUserByEmail } from '../auth/user-store.js';
import type { Database } from '../db/schema.js';
import { Type } from '@sinclair/typebox';
import { organizationRoleSchema } from './role-schema.js';
import { invalidRequest } from '../errors/domain-error.js';
import { organizationErrors } from './errors.js';
import {
  deleteInvitation,
  deleteMember,
  findOrgRole,
  insertInvitation,
  listInvitations,
  listMembers,
} from './member-store.js';
import { findOrganization } from './organization-store.js';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Pending invitations are listed (and removed) with this pseudo user id. */
const INVITATION_PREFIX = 'invitation:';
const INVITABLE_ROLES: readonly OrganizationRole[] = ['admin', 'billing'];

/** A member or a pending invitation, as get-members answers (its response schema). */
export const MemberView = Type.Object({
  /** For an invitation not yet accepted: `invitation:{email}` (delete-member accepts it too). */
  user_id: Type.String(),
  email: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  role: organizationRoleSchema,
  pending: Type.Boolean(),
});
export type MemberView = Static<typeof MemberView>;

/** Callers have checked the caller's role in the organization (the route declares it). */
export async function getMembers(db: Kysely<Database>, organizationId: string): Promise<MemberView[]> {
  const members = await listMembers(db, organizationId);
  const invitations = await listInvitations(db, organizationId);
  return [
    ...members.map((member) => ({ ...member, pending: false })),
    ...invitations.map((invitation) => ({
      user_id: `${INVITATION_PREFIX}${invitation.email}`,
      email: invitation.email,
      name: null,
      role: invitation.role,
      pending: true,
    })),
  ];
}

function validateInvite(rawEmail: unknown, rawRole: unknown): { email: string; role: OrganizationRole } {
  if (rawEmail === undefined || rawEmail === null) throw organizationErrors.emailRequired();
  if (typeof rawEmail !== 'string') throw invalidRequest();
  const email = rawEmail.trim().toLowerCase();
  if (!email) throw organizationErrors.emailRequired();
  if (email.length > 255 || !EMAIL_PATTERN.test(email) || hasHiddenCharacters(email))
    throw organizationErrors.emailInvalid();
  const role = rawRole === undefined || rawRole === null || rawRole === '' ? 'admin' : rawRole;
  if (typeof role !== 'string' || !INVITABLE_ROLES.includes(role as OrganizationRole))
    throw organizationErrors.roleInvalid();
  return { email, role: role as OrganizationRole };
}

export async function inviteMember(
  db: Kysely<Database>,
  inviterId: string,
  organizationId: string,
  rawEmail: unknown,
  rawRole: unknown,
): Promise<{ joined: boolean }> {
  const { email, role } = validateInvite(rawEmail, rawRole);
  const organization = await findOrganization(db, organizationId);
  if (organization?.subscription_status !== 'paid') throw organizationErrors.businessRequired();
  const existing = await findUserByEmail(db, email);
  if (existing && (await findOrgRole(db, existing.id, organizationId)))
    throw organizationErrors.alreadyMember();
  await insertInvitation(db, {
    id: randomUUID(),
    organizationId,
    email,
    role,
    invitedBy: inviterId,
    now: Date.now(),
  });
  // Nobody joins before accepting (kept in the answer for clients that read it).
  return { joined: false };
}

/** Removes a member by user id, or a pending invitation by email. */
export async function removeMember(
  db: Kysely<Database>,
  organizationId: string,
  target: { userId?: string; email?: string },
): Promise<void> {
  // An email names an invitation; without one, the user id names a member (or an invitation).
  if (target.email) target = { email: target.email };
  else if (!target.userId) throw organizationErrors.memberRequired();
  if (target.userId?.startsWith(INVITATION_PREFIX)) {
    target = { email: target.userId.slice(INVITATION_PREFIX.length) };
  }
  if (target.userId) {
    const role = await findOrgRole(db, target.userId, organizationId);
    if (!role) throw organizationErrors.memberNotFound();
    if (role === 'owner') throw organizationErrors.ownerNotRemovable();
    await deleteMember(db, organizationId, target.userId);
    return;
  }
  const email = target.email?.trim().toLowerCase();
  if (!email || (await deleteInvitation(db, organizationId, email)) === 0)
    throw organizationErrors.memberNotFound();
}
