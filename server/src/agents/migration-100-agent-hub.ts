import type { Kysely } from 'kysely';

/** Agent hub: pairing codes, revoked certificates, agent reports, and apps with their config. */
// Migrations see no typed schema: tables change shape over time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('agents').addColumn('certificate_fingerprint', 'text').execute();
  await db.schema
    .alterTable('agents')
    .addColumn('capabilities', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('agents')
    .addColumn('features', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createIndex('agents_fingerprint')
    .unique()
    .on('agents')
    .column('certificate_fingerprint')
    .execute();

  await db.schema
    .createTable('agent_pairing_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('certificate', 'text', (c) => c.notNull())
    .addColumn('certificate_fingerprint', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('revoked_agent_certificates')
    .addColumn('certificate_fingerprint', 'text', (c) => c.primaryKey())
    .addColumn('revoked_at', 'bigint', (c) => c.notNull())
    .execute();

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
