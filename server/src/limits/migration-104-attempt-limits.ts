import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Migration 104: counts of the attempt limits (sign-in, pairing), shared by every replica on
 * PostgreSQL (issue 17). The columns are the ones rate-limiter-flexible's PostgreSQL store reads.
 * SQLite serves one process (db/folder-guard.ts), which counts in memory: no table there.
 */
// Migrations see no typed schema: tables change shape over time.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema
    .createTable('attempt_limits')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
}
