import type { Kysely } from 'kysely';

/** Processed billing events (idempotent webhooks) and dev-provider checkouts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('processed_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('dev_checkouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('agent_id', 'text')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .execute();
}
