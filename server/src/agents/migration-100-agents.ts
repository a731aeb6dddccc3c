import type { Kysely } from 'kysely';

/**
 * Migration 100, agents part: certificate identity and report columns, pairing codes, revoked
 * certificates. Runs as one step with apps/migration-100-apps.ts (db/migrations.ts), as it first shipped.
 */
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
}
