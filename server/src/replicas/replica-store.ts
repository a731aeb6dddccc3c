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

export interface PresenceRow {
  agent_id: string;
  replica_id: string;
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

/** Every agent held by a live replica. */
export async function livePresence(db: Kysely<Database>): Promise<PresenceRow[]> {
  return db
    .selectFrom('agent_presence')
    .innerJoin('server_replicas', 'server_replicas.id', 'agent_presence.replica_id')
    .select(['agent_presence.agent_id', 'agent_presence.replica_id', 'agent_presence.docker_responding'])
    .where('server_replicas.lease_until', '>', dbNow)
    .execute();
}

export interface PresenceWrite {
  agentId: string;
  dockerResponding: boolean;
}

/**
 * `claims`: this replica now holds these agents (taking them from any other). `updates`: a Docker
 * flag changed on an agent it holds (never taking it back from a replica it moved to).
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
          }))
          .where('agent_presence.replica_id', '=', replicaId),
      )
      .execute();
  if (writes.releases.length > 0)
    await db
      .deleteFrom('agent_presence')
      .where('replica_id', '=', replicaId)
      .where('agent_id', 'in', writes.releases)
      .execute();
}
