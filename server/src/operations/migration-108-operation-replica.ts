import type { Kysely } from 'kysely';

/**
 * Migration 108: which replica runs a pending operation (issue 17). On PostgreSQL several replicas
 * share the operations; recovery on the replica that holds the agent leaves an operation alone
 * while the replica running it is alive. Null on SQLite (one process) and for older rows.
 */
// Migrations see no typed schema: tables change shape over time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('app_operations').addColumn('replica_id', 'text').execute();
}
