import type { Kysely } from 'kysely';

/** Migration 100, apps part: apps on agents and their files and variables (after the agents part). */
// Migrations see no typed schema: tables change shape over time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('apps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('agent_id', 'text', (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('project', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('version', 'text')
    .addColumn('template_id', 'text')
    .addColumn('extension', 'text')
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('extension_values', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('apps_agent').on('apps').column('agent_id').execute();

  for (const [table, nameColumn, valueColumn] of [
    ['app_files', 'filename', 'content'],
    ['app_variables', 'name', 'value'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn(nameColumn, 'text', (c) => c.notNull())
      .addColumn(valueColumn, 'text', (c) => c.notNull())
      .addColumn('is_encrypted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('type', 'text', (c) => c.notNull().defaultTo('user'))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex(`${table}_app`).on(table).column('app_id').execute();
  }
}
