import type { Kysely } from 'kysely';

/**
 * Migration 112: the development identity provider's artefacts (interactions, its sessions,
 * authorization codes, grants, the accounts typed into its form) in the database instead of one
 * process's memory (issue 17): a sign-in that starts on one replica ends on another.
 */
// Migrations see no typed schema: tables change shape over time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dev_idp_artefacts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text')
    .addColumn('grant_id', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dev_idp_artefacts_uid').on('dev_idp_artefacts').column('uid').execute();
  await db.schema.createIndex('dev_idp_artefacts_grant').on('dev_idp_artefacts').column('grant_id').execute();
}
