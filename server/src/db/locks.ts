/**
 * Serialises read-check-write rules (plan limits) across concurrent requests and replicas.
 * PostgreSQL: a transaction-scoped advisory lock on the key. SQLite: nothing to do, because the
 * one connection already runs transactions one after another.
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseEngine } from './connect.js';
import type { Database } from './schema.js';

export async function lockWithinTransaction(
  trx: Kysely<Database>,
  engine: DatabaseEngine,
  key: string,
): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
