import type { Kysely } from 'kysely';

/** Migration 001, organizations part: organizations, members, invitations (after users). */
// Migrations see no typed schema: tables change shape over time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('subscription_status', 'text', (c) => c.notNull().defaultTo('unpaid'))
    .addColumn('licenses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('billing_customer_id', 'text')
    .addColumn('billing_subscription_id', 'text')
    .addColumn('billing_event_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('organization_members')
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('organization_members_pk', ['organization_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('organization_members_user')
    .on('organization_members')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('organization_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('organization_invitations_org_email', ['organization_id', 'email'])
    .execute();
  await db.schema
    .createIndex('organization_invitations_email')
    .on('organization_invitations')
    .column('email')
    .execute();
}
