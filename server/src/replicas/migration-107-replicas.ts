import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Migration 107: replica leases and agent presence shared by every replica on PostgreSQL
 * (issue 17). An agent's row names the replica holding its socket; it counts while that
 * replica's lease runs, so a killed replica's agents go offline without anyone deleting rows.
 * SQLite serves one process, which keeps presence in memory: no tables there.
 */
// Migrations see no typed schema: tables change shape over time.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema
    .createTable('server_replicas')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text')
    .addColumn('lease_until', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('agent_presence')
    .addColumn('agent_id', 'text', (c) => c.primaryKey())
    .addColumn('replica_id', 'text', (c) => c.notNull().references('server_replicas.id').onDelete('cascade'))
    .addColumn('docker_responding', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('agent_presence_replica').on('agent_presence').column('replica_id').execute();
}
