/** Data access for organizations. */
import type { OrganizationRole } from 'contract';
import type { Kysely, Selectable } from 'kysely';
import { cachedQuery } from '../db/read-cache.js';
import type { Database } from '../db/schema.js';
import type { OrganizationsTable, OrganizationSubscriptionStatus } from './tables.js';

type Db = Kysely<Database>;
export type OrganizationRow = Selectable<OrganizationsTable>;

export interface UserOrganization {
  id: string;
  name: string;
  role: OrganizationRole;
  subscription_status: OrganizationSubscriptionStatus;
  licenses: number;
}

/** Part of GET /auth/user, a hot path: compiled once (see auth/reusable-query.ts). */
const organizationsOfUser = cachedQuery(['userId'], (db: Db, args: { userId: string }) =>
  db
    .selectFrom('organization_members')
    .innerJoin('organizations', 'organizations.id', 'organization_members.organization_id')
    .select([
      'organizations.id',
      'organizations.name',
      'organization_members.role',
      'organizations.subscription_status',
      'organizations.licenses',
    ])
    .where('organization_members.user_id', '=', args.userId)
    .orderBy('organization_members.created_at')
    .orderBy('organizations.id'),
);

export async function listOrganizationsOfUser(db: Db, userId: string): Promise<readonly UserOrganization[]> {
  return organizationsOfUser.run(db, { userId });
}

export async function findOrganization(db: Db, organizationId: string): Promise<OrganizationRow | null> {
  return (
    (await db.selectFrom('organizations').selectAll().where('id', '=', organizationId).executeTakeFirst()) ??
    null
  );
}

export async function insertOrganization(
  db: Db,
  organization: { id: string; name: string; now: number },
): Promise<void> {
  await db
    .insertInto('organizations')
    .values({
      id: organization.id,
      name: organization.name,
      subscription_status: 'unpaid',
      licenses: 0,
      billing_customer_id: null,
      billing_subscription_id: null,
      billing_event_at: null,
      created_at: organization.now,
    })
    .execute();
}

export async function renameOrganization(db: Db, organizationId: string, name: string): Promise<void> {
  await db.updateTable('organizations').set({ name }).where('id', '=', organizationId).execute();
}

/**
 * Removes the organization with its members, invitations, checkouts and servers. The servers'
 * certificates are revoked (as delete-agent does), so they cannot come back without pairing;
 * their apps go by cascade.
 */
export async function deleteOrganizationCascade(db: Db, organizationId: string): Promise<void> {
  await db.deleteFrom('dev_checkouts').where('organization_id', '=', organizationId).execute();
  const now = Date.now();
  const agents = await db
    .selectFrom('agents')
    .select('certificate_fingerprint')
    .where('organization_id', '=', organizationId)
    .execute();
  for (const { certificate_fingerprint: fingerprint } of agents) {
    if (!fingerprint) continue;
    await db
      .insertInto('revoked_agent_certificates')
      .values({ certificate_fingerprint: fingerprint, revoked_at: now })
      .onConflict((conflict) => conflict.column('certificate_fingerprint').doNothing())
      .execute();
  }
  await db.deleteFrom('agents').where('organization_id', '=', organizationId).execute();
  await db.deleteFrom('organization_invitations').where('organization_id', '=', organizationId).execute();
  await db.deleteFrom('organization_members').where('organization_id', '=', organizationId).execute();
  await db.deleteFrom('organizations').where('id', '=', organizationId).execute();
}
