/** Secrets generated once and kept in the database so restarts (and replicas) share them. */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The secret `name`; made by `create` (32 random bytes by default) when there is none yet. */
export async function loadOrCreateSecret(
  db: Kysely<Database>,
  name: string,
  create: () => Promise<string> | string = () => randomBytes(32).toString('base64url'),
): Promise<string> {
  const existing = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  if (existing) return existing.value;
  // Two replicas starting at once: the first insert wins, everyone reads the winner back.
  await db
    .insertInto('server_secrets')
    .values({ name, value: await create(), created_at: Date.now() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const stored = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return stored.value;
}
