import type { Kysely } from 'kysely';

/**
 * Migration 103: whether the identity provider vouched for a user's email at their last sign-in.
 * An invitation is addressed to an email, so only a verified one may see and accept it. Users
 * from before are unverified until they sign in again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
