import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Migration 109: each agent's last inventory, shared by the replicas on PostgreSQL (issue 17). It
 * arrives at the replica holding the agent; found and missing apps are read on any replica.
 * SQLite serves one process, which keeps it in memory: no table there.
 */
// Migrations see no typed schema: tables change shape over time.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema
    .createTable('agent_inventories')
    .addColumn('agent_id', 'text', (c) => c.primaryKey())
    .addColumn('apps', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
