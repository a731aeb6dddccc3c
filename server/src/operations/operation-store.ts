/** Data access for app operations. */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../db/schema.js';
import type { AppOperationsTable } from './tables.js';

type Db = Kysely<Database>;
export type OperationRow = Selectable<AppOperationsTable>;
/**
 * pending: written, the agent asked (or a server crash interrupted it); unknown: the agent's
 * connection dropped before it answered; undo-pending: failed, its undo could not reach the agent.
 */
export type OperationState = 'pending' | 'done' | 'failed' | 'undo-pending' | 'unknown';

type OptionalColumns = 'action' | 'version' | 'output' | 'finished_at' | 'replica_id';
/** A new operation; the deploy history's columns and its replica are null unless given. */
type NewOperation = Omit<OperationRow, OptionalColumns> & Partial<Pick<OperationRow, OptionalColumns>>;

/** Inserts a new operation; false when this user already has one with the same key. */
export async function insertOperation(db: Db, row: NewOperation): Promise<boolean> {
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

/**
 * The operation's new state; leaving 'pending' is when the agent answered (finished_at, kept from
 * the first answer), with what its compose printed when `answer` is given.
 */
export async function setOperationState(
  db: Db,
  id: string,
  state: OperationState,
  outcome?: string,
  answer?: { output: string | null },
): Promise<void> {
  const now = Date.now();
  await db
    .updateTable('app_operations')
    .set({
      state,
      updated_at: now,
      ...(outcome === undefined ? {} : { outcome }),
      ...(answer === undefined ? {} : { output: answer.output }),
      ...(state === 'pending' ? {} : { finished_at: sql<number>`coalesce(finished_at, ${now})` }),
    })
    .where('id', '=', id)
    .execute();
}

/** Operations of an agent that are not finished: pending, of unknown outcome, or waiting for their undo. */
export async function listUnfinishedOperations(db: Db, agentId: string): Promise<OperationRow[]> {
  return db
    .selectFrom('app_operations')
    .selectAll()
    .where('agent_id', '=', agentId)
    .where('state', 'in', ['pending', 'unknown', 'undo-pending'])
    .orderBy('created_at')
    .execute();
}

/**
 * PostgreSQL: agents with a pending operation whose replica is dead (no row, or its lease ended on
 * the database's clock). Nobody will get the agent's answer to it: it is settled from the journal.
 */
export async function agentsWithOrphanedOperations(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('app_operations')
    .select('agent_id')
    .distinct()
    .where('state', '=', 'pending')
    .where('replica_id', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('server_replicas')
            .select('server_replicas.id')
            .whereRef('server_replicas.id', '=', 'app_operations.replica_id')
            .where(
              'server_replicas.lease_until',
              '>',
              sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`,
            ),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.agent_id);
}

/**
 * The deploy of `actions` running now for an app on an agent (pending: the agent was asked and has
 * not answered), newest first; null when none runs. Found by agent too, so a create, whose app has
 * no row yet, is found the same way.
 */
export async function findRunningDeploy(
  db: Db,
  agentId: string,
  appId: string,
  actions: readonly string[],
): Promise<Pick<OperationRow, 'id' | 'action' | 'version' | 'created_at'> | null> {
  const row = await db
    .selectFrom('app_operations')
    .select(['id', 'action', 'version', 'created_at'])
    .where('agent_id', '=', agentId)
    .where('app_id', '=', appId)
    .where('state', '=', 'pending')
    .where('action', 'in', [...actions])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? { ...row, created_at: Number(row.created_at) } : null;
}

/** What the operations of `appId` were, on which server and how they ended (a proposed new app id is checked against them). */
export async function listOperationsOfApp(
  db: Db,
  appId: string,
): Promise<Pick<OperationRow, 'agent_id' | 'kind' | 'state'>[]> {
  return db
    .selectFrom('app_operations')
    .select(['agent_id', 'kind', 'state'])
    .where('app_id', '=', appId)
    .execute();
}

/**
 * Finished operations older than `before` are only kept for retries: drop them, except the deploy
 * history of apps that still exist (trimDeployHistory bounds it).
 */
export async function pruneFinishedOperations(db: Db, before: number): Promise<void> {
  await db
    .deleteFrom('app_operations')
    .where('state', 'in', ['done', 'failed'])
    .where('updated_at', '<', before)
    .where((eb) =>
      eb.or([
        eb('action', 'is', null),
        eb.not(
          eb.exists(
            eb.selectFrom('apps').select('apps.id').whereRef('apps.id', '=', 'app_operations.app_id'),
          ),
        ),
      ]),
    )
    .execute();
}

/** Drops an app's finished deploys beyond its `keep` newest. */
export async function trimDeployHistory(db: Db, appId: string, keep: number): Promise<void> {
  const newest = await db
    .selectFrom('app_operations')
    .select('id')
    .where('app_id', '=', appId)
    .where('action', 'is not', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(keep)
    .execute();
  if (newest.length < keep) return;
  await db
    .deleteFrom('app_operations')
    .where('app_id', '=', appId)
    .where('action', 'is not', null)
    .where('state', 'in', ['done', 'failed'])
    .where(
      'id',
      'not in',
      newest.map((row) => row.id),
    )
    .execute();
}

/** One deploy of an app's history, with who asked (their name, or their email when they have none). */
export interface DeployHistoryRow {
  id: string;
  action: string;
  version: string | null;
  state: string;
  outcome: string | null;
  created_at: number;
  finished_at: number | null;
  user_name: string | null;
  user_email: string | null;
  output_chars: number;
}

/** The app's newest deploys first, at most `limit`, without their output. */
export async function listDeployHistory(db: Db, appId: string, limit: number): Promise<DeployHistoryRow[]> {
  const rows = await db
    .selectFrom('app_operations')
    .leftJoin('users', 'users.id', 'app_operations.user_id')
    .select([
      'app_operations.id',
      'app_operations.action',
      'app_operations.version',
      'app_operations.state',
      'app_operations.outcome',
      'app_operations.created_at',
      'app_operations.finished_at',
      'users.name as user_name',
      'users.email as user_email',
      sql<number>`coalesce(length(app_operations.output), 0)`.as('output_chars'),
    ])
    .where('app_operations.app_id', '=', appId)
    .where('app_operations.action', 'is not', null)
    .orderBy('app_operations.created_at', 'desc')
    .orderBy('app_operations.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    action: row.action ?? '',
    created_at: Number(row.created_at),
    finished_at: row.finished_at === null ? null : Number(row.finished_at),
    output_chars: Number(row.output_chars),
  }));
}

/** The output of one deploy of an app's (or an agent's) history; undefined when it has no such deploy. */
export async function findDeployOutput(
  db: Db,
  owner: { appId: string } | { agentId: string },
  operationId: string,
): Promise<{ output: string | null } | undefined> {
  const found = db
    .selectFrom('app_operations')
    .select('output')
    .where('id', '=', operationId)
    .where('action', 'is not', null);
  return (
    'appId' in owner ? found.where('app_id', '=', owner.appId) : found.where('agent_id', '=', owner.agentId)
  ).executeTakeFirst();
}
