/**
 * The invitee's side of an invitation: it is addressed to an email, so only a user whose
 * identity provider vouched for that email sees it, accepts it (they become a member with the
 * invited role, and the organization's servers appear for them) or declines it. To anyone else an
 * invitation does not exist. The inviter's side (invite, list, withdraw) is member-service.ts.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import { findUserById } from '../auth/user-store.js';
import type { Database } from '../db/schema.js';
import { organizationErrors } from './errors.js';
import { organizationRoleSchema } from './role-schema.js';
import {
  deleteInvitationById,
  findInvitation,
  findOrgRole,
  insertMember,
  listInvitationsTo,
  type InvitationRow,
} from './member-store.js';
import { listOrganizationsOfUser, type UserOrganization } from './organization-store.js';

/** An invitation as its invitee sees it (get-invitations; the route's response schema). */
export const InvitationView = Type.Object({
  id: Type.String(),
  organization_id: Type.String(),
  organization_name: Type.String(),
  role: organizationRoleSchema,
  /** Who invited: their name and email (null when that account is gone). */
  inviter: Type.Union([Type.Object({ name: Type.String(), email: Type.String() }), Type.Null()]),
  created_at: Type.Number(),
});
export type InvitationView = Static<typeof InvitationView>;

/** The email invitations to this user are addressed to, if their provider vouched for it. */
async function verifiedEmailOf(db: Kysely<Database>, userId: string): Promise<string | null> {
  const user = await findUserById(db, userId);
  return user && user.email_verified === 1 ? user.email : null;
}

export async function listMyInvitations(db: Kysely<Database>, userId: string): Promise<InvitationView[]> {
  const email = await verifiedEmailOf(db, userId);
  if (!email) return [];
  const rows = await listInvitationsTo(db, email);
  return rows.map((row) => ({
    id: row.id,
    organization_id: row.organization_id,
    organization_name: row.organization_name,
    role: row.role,
    inviter: row.inviter_email
      ? { name: row.inviter_name ?? row.inviter_email, email: row.inviter_email }
      : null,
    created_at: Number(row.created_at),
  }));
}

async function myInvitation(
  db: Kysely<Database>,
  userId: string,
  invitationId: string,
): Promise<InvitationRow> {
  const [email, invitation] = await Promise.all([
    verifiedEmailOf(db, userId),
    findInvitation(db, invitationId),
  ]);
  if (!email || !invitation || invitation.email !== email) throw organizationErrors.invitationNotFound();
  return invitation;
}

/** Joins the organization with the invited role; returns it as the user's organization list shows it. */
export async function acceptInvitation(
  db: Kysely<Database>,
  userId: string,
  invitationId: string,
): Promise<UserOrganization> {
  return db.transaction().execute(async (trx) => {
    const invitation = await myInvitation(trx, userId, invitationId);
    // Withdrawn meanwhile: nothing to accept.
    if ((await deleteInvitationById(trx, invitation.id)) === 0) throw organizationErrors.invitationNotFound();
    // Someone who already is a member keeps the role they have.
    if (!(await findOrgRole(trx, userId, invitation.organization_id)))
      await insertMember(trx, invitation.organization_id, userId, invitation.role, Date.now());
    // Read in the transaction: outside it this replica may not have heard the new membership yet.
    const joined = (await listOrganizationsOfUser(trx, userId)).find(
      (org) => org.id === invitation.organization_id,
    );
    if (!joined) throw organizationErrors.invitationNotFound();
    return joined;
  });
}

export async function declineInvitation(
  db: Kysely<Database>,
  userId: string,
  invitationId: string,
): Promise<void> {
  const invitation = await myInvitation(db, userId, invitationId);
  await deleteInvitationById(db, invitation.id);
}
