/**
 * Presence shared by the replicas of one PostgreSQL database (issue 17). Each replica heartbeats a
 * lease; the hub tells it which agents it holds (claim, Docker flag change, release) and the
 * writes go out in batches, only on change, so 10,000 agents cost a few statements, not a stream.
 * Every replica reads the rows changed since its last read every `refreshMs` into memory, so
 * `isOnline` stays a map lookup (get-agents asks it per agent) and a quiet refresh reads next to
 * nothing, however many agents are connected. A killed replica stops renewing: its agents count as
 * offline once its lease ends (`leaseTtlMs`), at most `leaseTtlMs + refreshMs` after its last renewal.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import {
  liveReplicas,
  presenceChanges,
  removeDeadReplicas,
  removeOldReleases,
  removePredecessors,
  removeReplica,
  renewLease,
  writePresence,
  type PresenceWrite,
} from './replica-store.js';

export interface SharedPresenceTimings {
  leaseTtlMs: number;
  heartbeatMs: number;
  refreshMs: number;
  flushMs: number;
}

const defaultTimings: SharedPresenceTimings = {
  leaseTtlMs: 9_000,
  heartbeatMs: 3_000,
  refreshMs: 2_000,
  flushMs: 200,
};

/** What the hub tells shared presence about its own sockets. */
export interface LocalAgents {
  /** Agents whose socket this replica holds, with their Docker flag (claimed again after a lapsed lease). */
  held(): PresenceWrite[];
  /** Another replica took the agent (or its row is gone): this replica's socket for it is stale. */
  lost(agentId: string): void;
  log(message: string): void;
}

export interface RemoteHolder {
  replicaId: string;
  url: string;
  dockerResponding: boolean;
}

interface Seen {
  replicaId: string;
  dockerResponding: boolean;
}

/** Rows per statement: well under PostgreSQL's 65,535 bind parameters. */
const BATCH = 2_000;

export class SharedPresence {
  readonly replicaId = randomUUID();
  private url: string | null = null;
  private readonly seen = new Map<string, Seen>();
  private replicaUrls = new Map<string, string | null>();
  /** The last refresh's snapshot: the next one reads the changes it did not see (null: every row). */
  private snapshot: string | null = null;
  private refreshing: Promise<void> = Promise.resolve();
  private readonly claims = new Map<string, PresenceWrite>();
  private readonly updates = new Map<string, PresenceWrite>();
  private readonly releases = new Set<string>();
  /** When each held agent's claim reached the database: only an older claim can be found stale. */
  private readonly claimedAt = new Map<string, number>();
  private timers: NodeJS.Timeout[] = [];
  private flushing: Promise<void> | null = null;
  private flushTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly local: LocalAgents,
    private readonly timings: SharedPresenceTimings = defaultTimings,
  ) {}

  async start(): Promise<void> {
    await renewLease(this.db, { id: this.replicaId, url: this.url }, this.timings.leaseTtlMs);
    await this.refresh();
    const every = (ms: number, task: () => Promise<void>) => {
      const timer = setInterval(() => {
        task().catch((error: Error) => this.local.log(`shared presence: ${error.message}`));
      }, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.timings.heartbeatMs, () => this.heartbeat());
    every(this.timings.refreshMs, () => this.refresh());
  }

  /** Where other replicas reach this one; known once it listens. */
  async listening(url: string): Promise<void> {
    this.url = url;
    await removePredecessors(this.db, url, this.replicaId);
    await renewLease(this.db, { id: this.replicaId, url }, this.timings.leaseTtlMs);
    await this.refresh();
  }

  claim(agentId: string, dockerResponding: boolean): void {
    this.releases.delete(agentId);
    this.updates.delete(agentId);
    this.claimedAt.delete(agentId);
    this.claims.set(agentId, { agentId, dockerResponding });
    this.scheduleFlush();
  }

  dockerChanged(agentId: string, dockerResponding: boolean): void {
    const claim = this.claims.get(agentId);
    if (claim) claim.dockerResponding = dockerResponding;
    else this.updates.set(agentId, { agentId, dockerResponding });
    this.scheduleFlush();
  }

  release(agentId: string): void {
    this.claims.delete(agentId);
    this.updates.delete(agentId);
    this.claimedAt.delete(agentId);
    this.releases.add(agentId);
    this.scheduleFlush();
  }

  /** The live replica holding `agentId`, when it is not this one. */
  holderOf(agentId: string): RemoteHolder | null {
    const seen = this.seen.get(agentId);
    if (!seen || seen.replicaId === this.replicaId) return null;
    const url = this.replicaUrls.get(seen.replicaId);
    // A replica at this one's own address is its killed predecessor (this process holds the port),
    // whose lease may not have run out yet: its agents are offline until they reconnect.
    if (!url || url === this.url) return null;
    return { replicaId: seen.replicaId, url, dockerResponding: seen.dockerResponding };
  }

  /** Every other live replica that can be reached (read now: one that just started counts too). */
  async otherReplicaUrls(): Promise<string[]> {
    const replicas = await liveReplicas(this.db);
    return replicas.flatMap((replica) => (replica.id !== this.replicaId && replica.url ? [replica.url] : []));
  }

  /** Stops and leaves: the agents it held count as offline at once on the other replicas. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    await this.flushing?.catch(() => undefined);
    await removeReplica(this.db, this.replicaId).catch((error: Error) =>
      this.local.log(`shared presence: leaving failed (${error.message}); the lease runs out instead`),
    );
  }

  private async heartbeat(): Promise<void> {
    const kept = await renewLease(this.db, { id: this.replicaId, url: this.url }, this.timings.leaseTtlMs);
    if (!kept) {
      this.local.log('shared presence: the lease had lapsed; claiming the connected agents again');
      for (const agent of this.local.held()) this.claim(agent.agentId, agent.dockerResponding);
    }
    await removeDeadReplicas(this.db, 10 * this.timings.leaseTtlMs);
    await removeOldReleases(this.db, 10 * this.timings.leaseTtlMs);
  }

  /** One read at a time: a slow older read applied after a newer one would bring back stale rows. */
  private refresh(): Promise<void> {
    const read = this.refreshing.then(() => this.readChanges());
    this.refreshing = read.catch(() => undefined);
    return read;
  }

  private async readChanges(): Promise<void> {
    const startedAt = Date.now();
    const { snapshot, replicas, rows } = await presenceChanges(this.db, this.snapshot);
    this.snapshot = snapshot;
    const replicaUrls = new Map(replicas.map((replica) => [replica.id, replica.url]));
    for (const row of rows) {
      if (row.replica_id && replicaUrls.has(row.replica_id))
        this.seen.set(row.agent_id, {
          replicaId: row.replica_id,
          dockerResponding: row.docker_responding === 1,
        });
      else this.seen.delete(row.agent_id);
    }
    // A replica's lease that ended never comes back with its rows (renewLease starts over without
    // them), so what it held is forgotten now rather than read again.
    if ([...this.replicaUrls.keys()].some((replicaId) => !replicaUrls.has(replicaId)))
      for (const [agentId, seen] of this.seen)
        if (!replicaUrls.has(seen.replicaId)) this.seen.delete(agentId);
    this.replicaUrls = replicaUrls;
    // With its own lease lapsed its rows are not live: that says nothing about its sockets.
    if (!this.replicaUrls.has(this.replicaId)) return;
    for (const [agentId, claimedAt] of this.claimedAt) {
      if (claimedAt >= startedAt || this.seen.get(agentId)?.replicaId === this.replicaId) continue;
      this.claimedAt.delete(agentId);
      this.local.lost(agentId);
    }
  }

  private scheduleFlush(): void {
    if (this.flushTimer || this.closed) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      void this.flush();
    }, this.timings.flushMs);
    this.flushTimer.unref();
  }

  private async flush(): Promise<void> {
    if (this.flushing) {
      await this.flushing.catch(() => undefined);
      this.scheduleFlush();
      return;
    }
    const claims = [...this.claims.values()];
    const updates = [...this.updates.values()];
    const releases = [...this.releases];
    this.claims.clear();
    this.updates.clear();
    this.releases.clear();
    this.flushing = this.write(claims, updates, releases);
    try {
      await this.flushing;
      const now = Date.now();
      for (const claim of claims) if (!this.claims.has(claim.agentId)) this.claimedAt.set(claim.agentId, now);
    } catch (error) {
      this.local.log(`shared presence: writing failed (${(error as Error).message}); trying again`);
      // Put back what newer changes did not replace, then try again.
      for (const claim of claims)
        if (!this.releases.has(claim.agentId) && !this.claims.has(claim.agentId))
          this.claims.set(claim.agentId, claim);
      for (const update of updates)
        if (
          !this.releases.has(update.agentId) &&
          !this.claims.has(update.agentId) &&
          !this.updates.has(update.agentId)
        )
          this.updates.set(update.agentId, update);
      for (const agentId of releases) if (!this.claims.has(agentId)) this.releases.add(agentId);
      this.scheduleFlush();
    } finally {
      this.flushing = null;
    }
  }

  private async write(claims: PresenceWrite[], updates: PresenceWrite[], releases: string[]): Promise<void> {
    for (let start = 0; start < Math.max(claims.length, updates.length, releases.length); start += BATCH)
      await writePresence(this.db, this.replicaId, {
        claims: claims.slice(start, start + BATCH),
        updates: updates.slice(start, start + BATCH),
        releases: releases.slice(start, start + BATCH),
      });
  }
}
