/** Data access for users. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.js';
import type { UsersTable } from './tables.js';

type Db = Kysely<Database>;
export type UserRow = Selectable<UsersTable>;

export async function findUserByIdentity(db: Db, issuer: string, subject: string): Promise<UserRow | null> {
  return (
    (await db
      .selectFrom('users')
      .selectAll()
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .executeTakeFirst()) ?? null
  );
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  return (await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  return (
    (await db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .orderBy('created_at')
      .executeTakeFirst()) ?? null
  );
}

export async function insertUser(db: Db, user: UserRow): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function updateUserProfile(
  db: Db,
  id: string,
  profile: { email: string; emailVerified: number; name: string; image: string | null; now: number },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      email: profile.email,
      email_verified: profile.emailVerified,
      name: profile.name,
      image: profile.image,
      updated_at: profile.now,
    })
    .where('id', '=', id)
    .execute();
}
