/** Agents' last inventories on PostgreSQL (migration 109), so every replica reads the same one. */
import type { InventoryEntry } from 'contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export async function saveInventory(
  db: Kysely<Database>,
  agentId: string,
  held: InventoryEntry[],
): Promise<void> {
  const row = { agent_id: agentId, apps: JSON.stringify(held), updated_at: Date.now() };
  await db
    .insertInto('agent_inventories')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('agent_id').doUpdateSet({ apps: row.apps, updated_at: row.updated_at }),
    )
    .execute();
}

export async function loadInventory(db: Kysely<Database>, agentId: string): Promise<InventoryEntry[] | null> {
  const row = await db
    .selectFrom('agent_inventories')
    .select('apps')
    .where('agent_id', '=', agentId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.apps) as InventoryEntry[]) : null;
}
