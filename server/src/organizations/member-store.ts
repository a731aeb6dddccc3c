/** Data access for organization members and invitations. */
import type { OrganizationRole } from 'contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database>;

export interface MemberRow {
  user_id: string;
  email: string;
  name: string;
  role: OrganizationRole;
}

export async function insertMember(
  db: Db,
  organizationId: string,
  userId: string,
  role: OrganizationRole,
  now: number,
): Promise<void> {
  await db
    .insertInto('organization_members')
    .values({ organization_id: organizationId, user_id: userId, role, created_at: now })
    .onConflict((conflict) => conflict.columns(['organization_id', 'user_id']).doNothing())
    .execute();
}

export async function listMembers(db: Db, organizationId: string): Promise<MemberRow[]> {
  return db
    .selectFrom('organization_members')
    .innerJoin('users', 'users.id', 'organization_members.user_id')
    .select(['users.id as user_id', 'users.email', 'users.name', 'organization_members.role'])
    .where('organization_members.organization_id', '=', organizationId)
    .orderBy('organization_members.created_at')
    .orderBy('users.email')
    .execute();
}

export async function listInvitations(
  db: Db,
  organizationId: string,
): Promise<{ email: string; role: OrganizationRole }[]> {
  return db
    .selectFrom('organization_invitations')
    .select(['email', 'role'])
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .execute();
}

export async function insertInvitation(
  db: Db,
  invitation: {
    id: string;
    organizationId: string;
    email: string;
    role: OrganizationRole;
    invitedBy: string;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto('organization_invitations')
    .values({
      id: invitation.id,
      organization_id: invitation.organizationId,
      email: invitation.email,
      role: invitation.role,
      invited_by: invitation.invitedBy,
      created_at: invitation.now,
    })
    .onConflict((conflict) =>
      conflict.columns(['organization_id', 'email']).doUpdateSet({ role: invitation.role }),
    )
    .execute();
}

export async function deleteMember(db: Db, organizationId: string, userId: string): Promise<number> {
  const result = await db
    .deleteFrom('organization_members')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteInvitation(db: Db, organizationId: string, email: string): Promise<number> {
  const result = await db
    .deleteFrom('organization_invitations')
    .where('organization_id', '=', organizationId)
    .where('email', '=', email)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface InvitationRow {
  id: string;
  organization_id: string;
  email: string;
  role: OrganizationRole;
}

export async function findInvitation(db: Db, invitationId: string): Promise<InvitationRow | null> {
  return (
    (await db
      .selectFrom('organization_invitations')
      .select(['id', 'organization_id', 'email', 'role'])
      .where('id', '=', invitationId)
      .executeTakeFirst()) ?? null
  );
}

export async function deleteInvitationById(db: Db, invitationId: string): Promise<number> {
  const result = await db
    .deleteFrom('organization_invitations')
    .where('id', '=', invitationId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Invitations addressed to `email`, with the organization's name and who invited. */
export async function listInvitationsTo(db: Db, email: string) {
  return db
    .selectFrom('organization_invitations')
    .innerJoin('organizations', 'organizations.id', 'organization_invitations.organization_id')
    .leftJoin('users', 'users.id', 'organization_invitations.invited_by')
    .select([
      'organization_invitations.id',
      'organization_invitations.organization_id',
      'organizations.name as organization_name',
      'organization_invitations.role',
      'users.name as inviter_name',
      'users.email as inviter_email',
      'organization_invitations.created_at',
    ])
    .where('organization_invitations.email', '=', email)
    .orderBy('organization_invitations.created_at')
    .execute();
}

/** First organization where the user holds one of `roles`, in the order given (owner, then admin, ...). */
export async function firstOrganizationWithRole(
  db: Db,
  userId: string,
  roles: readonly OrganizationRole[],
): Promise<string | null> {
  const rows = await db
    .selectFrom('organization_members')
    .select(['organization_id', 'role'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('organization_id')
    .execute();
  for (const role of roles) {
    const match = rows.find((row) => row.role === role);
    if (match) return match.organization_id;
  }
  return null;
}

export async function findOwnerIds(db: Db, organizationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('organization_members')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'owner')
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.user_id);
}

export async function findOrgRole(
  db: Db,
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
