/**
 * The replica tables' SQL (PostgreSQL only, see tables.ts). Leases are measured on the database's
 * clock, so replicas on machines whose clocks disagree still agree on who is alive.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

const dbNow = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;
const leaseFor = (ttlMs: number) =>
  sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint + ${ttlMs}`;

export interface LiveReplica {
  id: string;
  url: string | null;
}

interface PresenceRow {
  agent_id: string;
  replica_id: string | null;
  docker_responding: number;
}

/** Starts or renews the lease; false when the row was gone (removed as expired) and had to be made again. */
export async function renewLease(
  db: Kysely<Database>,
  replica: { id: string; url: string | null },
  ttlMs: number,
): Promise<boolean> {
  const renewed = await db
    .updateTable('server_replicas')
    .set({ url: replica.url, lease_until: leaseFor(ttlMs) })
    .where('id', '=', replica.id)
    .where('lease_until', '>', dbNow)
    .executeTakeFirst();
  if (Number(renewed.numUpdatedRows) === 1) return true;
  // Lapsed: whatever it held may already be gone, so it starts over.
  await db.deleteFrom('server_replicas').where('id', '=', replica.id).execute();
  await db
    .insertInto('server_replicas')
    .values({ id: replica.id, url: replica.url, lease_until: leaseFor(ttlMs) })
    .execute();
  return false;
}

/** Leaves at once (a clean stop): its agents count as offline now, not when the lease runs out. */
export async function removeReplica(db: Kysely<Database>, replicaId: string): Promise<void> {
  await db.deleteFrom('server_replicas').where('id', '=', replicaId).execute();
}

/**
 * The replicas registered at `url` other than `replicaId`: no two live processes listen at one
 * address, so they are this process's predecessors (killed and restarted). Their leases end now
 * (their presence rows go with them) instead of hiding the restart for a lease's length.
 */
export async function removePredecessors(
  db: Kysely<Database>,
  url: string,
  replicaId: string,
): Promise<void> {
  await db.deleteFrom('server_replicas').where('url', '=', url).where('id', '!=', replicaId).execute();
}

/** Rows of replicas dead for longer than `graceMs` (their presence rows go with them). */
export async function removeDeadReplicas(db: Kysely<Database>, graceMs: number): Promise<void> {
  await db
    .deleteFrom('server_replicas')
    .where(
      'lease_until',
      '<',
      sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint - ${graceMs}`,
    )
    .execute();
}

/**
 * Rows of agents released longer than `graceMs` ago: every replica has read the release by then
 * (each reads changes every few seconds), so the row is no longer needed to tell them.
 */
export async function removeOldReleases(db: Kysely<Database>, graceMs: number): Promise<void> {
  await db
    .deleteFrom('agent_presence')
    .where('replica_id', 'is', null)
    .where('updated_at', '<', Date.now() - graceMs)
    .execute();
}

export async function isReplicaLive(db: Kysely<Database>, replicaId: string): Promise<boolean> {
  const row = await db
    .selectFrom('server_replicas')
    .select('id')
    .where('id', '=', replicaId)
    .where('lease_until', '>', dbNow)
    .executeTakeFirst();
  return row !== undefined;
}

export async function liveReplicas(db: Kysely<Database>): Promise<LiveReplica[]> {
  return db.selectFrom('server_replicas').select(['id', 'url']).where('lease_until', '>', dbNow).execute();
}

/** The changing transaction, recorded on each presence row (migration 111). */
const thisTransaction = sql<number>`pg_current_xact_id()::text::bigint`;

export interface PresenceChanges {
  /** Pass as `since` to the next read: the snapshot (PostgreSQL's text form) this one read. */
  snapshot: string;
  replicas: LiveReplica[];
  /** Rows changed since `since` (every row when null); a released agent's has no replica. */
  rows: PresenceRow[];
}

/**
 * The live replicas and the presence rows changed since an earlier read, from one snapshot. A row
 * counts as changed when the transaction that last changed it was not visible to the earlier
 * read's snapshot: committed after it, or running then (those come once they commit). The index
 * narrows the rows to those changed by that snapshot's oldest running transaction or later.
 */
export async function presenceChanges(db: Kysely<Database>, since: string | null): Promise<PresenceChanges> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { rows: current } = await sql<{
        snapshot: string;
      }>`select pg_current_snapshot()::text as snapshot`.execute(trx);
      const replicas = await liveReplicas(trx);
      let changed = trx.selectFrom('agent_presence').select(['agent_id', 'replica_id', 'docker_responding']);
      if (since !== null)
        changed = changed
          .where('changed_in', '>=', sql<number>`pg_snapshot_xmin(${since}::pg_snapshot)::text::bigint`)
          .where(sql<boolean>`not pg_visible_in_snapshot(changed_in::text::xid8, ${since}::pg_snapshot)`);
      return { snapshot: current[0]!.snapshot, replicas, rows: await changed.execute() };
    });
}

export interface PresenceWrite {
  agentId: string;
  dockerResponding: boolean;
}

/**
 * `claims`: this replica now holds these agents (taking them from any other). `updates`: a Docker
 * flag changed on an agent it holds (never taking it back from a replica it moved to). `releases`:
 * it no longer holds these (unless another replica took them meanwhile).
 */
export async function writePresence(
  db: Kysely<Database>,
  replicaId: string,
  writes: { claims: PresenceWrite[]; updates: PresenceWrite[]; releases: string[] },
): Promise<void> {
  const now = Date.now();
  const rows = (list: PresenceWrite[]) =>
    list.map((write) => ({
      agent_id: write.agentId,
      replica_id: replicaId,
      docker_responding: write.dockerResponding ? 1 : 0,
      updated_at: now,
    }));
  if (writes.claims.length > 0)
    await db
      .insertInto('agent_presence')
      .values(rows(writes.claims))
      .onConflict((conflict) =>
        conflict.column('agent_id').doUpdateSet((eb) => ({
          replica_id: eb.ref('excluded.replica_id'),
          docker_responding: eb.ref('excluded.docker_responding'),
          updated_at: eb.ref('excluded.updated_at'),
          changed_in: thisTransaction,
        })),
      )
      .execute();
  if (writes.updates.length > 0)
    await db
      .insertInto('agent_presence')
      .values(rows(writes.updates))
      .onConflict((conflict) =>
        conflict
          .column('agent_id')
          .doUpdateSet((eb) => ({
            docker_responding: eb.ref('excluded.docker_responding'),
            updated_at: eb.ref('excluded.updated_at'),
            changed_in: thisTransaction,
          }))
          .where('agent_presence.replica_id', '=', replicaId),
      )
      .execute();
  if (writes.releases.length > 0)
    await db
      .updateTable('agent_presence')
      .set({ replica_id: null, updated_at: now, changed_in: thisTransaction })
      .where('replica_id', '=', replicaId)
      .where('agent_id', 'in', writes.releases)
      .execute();
}
