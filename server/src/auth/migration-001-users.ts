import type { Kysely } from 'kysely';

/** Migration 001, users part (the first step, '001_core', with organizations and agents). */
// Migrations see no typed schema: tables change shape over time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('users_issuer_subject', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('users_email').on('users').column('email').execute();
}
