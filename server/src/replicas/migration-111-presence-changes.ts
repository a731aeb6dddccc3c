import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Migration 111: each replica reads only the presence rows changed since its last read, not the
 * whole table every refresh (issue 17). A row records the transaction that last changed it
 * (`changed_in`, indexed); a released agent keeps its row with no replica instead of losing it, so
 * the release is a change the other replicas read too. PostgreSQL only, as migration 107.
 */
// Migrations see no typed schema: tables change shape over time.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema
    .alterTable('agent_presence')
    .addColumn('changed_in', 'bigint', (c) => c.notNull().defaultTo(sql`pg_current_xact_id()::text::bigint`))
    .execute();
  await db.schema
    .alterTable('agent_presence')
    .alterColumn('replica_id', (c) => c.dropNotNull())
    .execute();
  await db.schema
    .createIndex('agent_presence_changed_in')
    .on('agent_presence')
    .column('changed_in')
    .execute();
}
