import type { Kysely } from 'kysely';

/**
 * Migration 106: app operations are also the apps' deploy history (issue 14). A deploy's action
 * and version, what compose printed and when it finished; the index serves an app's history.
 */
// Migrations see no typed schema: tables change shape over time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('app_operations').addColumn('action', 'text').execute();
  await db.schema.alterTable('app_operations').addColumn('version', 'text').execute();
  await db.schema.alterTable('app_operations').addColumn('output', 'text').execute();
  await db.schema.alterTable('app_operations').addColumn('finished_at', 'bigint').execute();
  await db.schema
    .createIndex('app_operations_app_history')
    .on('app_operations')
    .columns(['app_id', 'created_at'])
    .execute();
}
