/** Data access for app operations. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.js';
import type { AppOperationsTable } from './tables.js';

type Db = Kysely<Database>;
export type OperationRow = Selectable<AppOperationsTable>;
export type OperationState = 'pending' | 'done' | 'failed' | 'undo-pending';

/** Inserts a new operation; false when this user already has one with the same key. */
export async function insertOperation(db: Db, row: OperationRow): Promise<boolean> {
  const result = await db
    .insertInto('app_operations')
    .values(row)
    .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findOperationByKey(db: Db, userId: string, key: string): Promise<OperationRow | null> {
  return (
    (await db
      .selectFrom('app_operations')
      .selectAll()
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst()) ?? null
  );
}

export async function setOperationState(
  db: Db,
  id: string,
  state: OperationState,
  outcome?: string,
): Promise<void> {
  await db
    .updateTable('app_operations')
    .set({ state, updated_at: Date.now(), ...(outcome === undefined ? {} : { outcome }) })
    .where('id', '=', id)
    .execute();
}

/** Operations of an agent that are not finished: pending (interrupted) or waiting for their undo. */
export async function listUnfinishedOperations(db: Db, agentId: string): Promise<OperationRow[]> {
  return db
    .selectFrom('app_operations')
    .selectAll()
    .where('agent_id', '=', agentId)
    .where('state', 'in', ['pending', 'undo-pending'])
    .orderBy('created_at')
    .execute();
}

/** Finished operations older than `before` are only kept for retries: drop them. */
export async function pruneFinishedOperations(db: Db, before: number): Promise<void> {
  await db
    .deleteFrom('app_operations')
    .where('state', 'in', ['done', 'failed'])
    .where('updated_at', '<', before)
    .execute();
}
