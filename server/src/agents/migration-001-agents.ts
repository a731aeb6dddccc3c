import type { Kysely } from 'kysely';

/** Migration 001, agents part: the agents table (after organizations). */
// Migrations see no typed schema: tables change shape over time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('certificate', 'text', (c) => c.notNull())
    .addColumn('subscription_status', 'text', (c) => c.notNull().defaultTo('unpaid'))
    .addColumn('plan_source', 'text')
    .addColumn('billing_subscription_id', 'text')
    .addColumn('billing_event_at', 'bigint')
    .addColumn('last_seen', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('agents_organization').on('agents').column('organization_id').execute();
}
