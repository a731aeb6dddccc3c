import type { Kysely } from 'kysely';

/**
 * Migration 110: the address each unclaimed agent connected from (issue 17). The per-address limit
 * on agents waiting to be paired counts these rows, so it holds across replicas; before, each
 * process counted only the agents connected to it. Null for older rows (they expire in minutes).
 */
// Migrations see no typed schema: tables change shape over time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('agent_pairing_codes').addColumn('address', 'text').execute();
  await db.schema
    .createIndex('agent_pairing_codes_address')
    .on('agent_pairing_codes')
    .column('address')
    .execute();
}
