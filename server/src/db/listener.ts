/**
 * A PostgreSQL connection of its own that LISTENs on the change channel, for in-memory state that
 * must hear every change any replica commits (auth/session-cache.ts, db/read-cache.ts), and how
 * fresh what it heard is. One per replica; each consumer subscribes to it.
 *
 * Freshness: about every 250 ms the listener notes the monotonic time, then sends a heartbeat
 * NOTIFY on the channel through the ordinary pool. PostgreSQL delivers the notifications of
 * different transactions in the order the transactions committed (NOTIFY reference page), and the
 * handlers run synchronously in arrival order. So once the heartbeat comes back, every
 * notification committed before the time noted has been delivered and handled. The listener is
 * `fresh` while the last heartbeat that came back was sent at most FRESHNESS_WINDOW_MS ago.
 * (Only `pg_notify` with its two arguments is ordered so; keep it.)
 *
 * The connection fails, ends, or no heartbeat of ours comes back for STALLED_AFTER_MS (a network
 * that died without a word): the state is reset, the listener is not fresh, and it reconnects with
 * back-off. After a new LISTEN only heartbeats sent after it count.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql, type QueryExecutorProvider } from 'kysely';
import pg from 'pg';

interface ListenerEvents {
  /** A notification other than a heartbeat; handled before any that arrives after it. */
  message(payload: string): void;
  /** Notifications may have been missed, or LISTEN is newly in place: forget what was heard. */
  reset(): void;
}

export interface Listener {
  /**
   * Whether state kept from what was heard may answer now: the last heartbeat that came back on
   * the current LISTEN was sent at most FRESHNESS_WINDOW_MS ago, and every notification committed
   * before it was sent has been handled.
   */
  readonly fresh: boolean;
  subscribe(events: ListenerEvents): void;
  /**
   * Resolves once everything committed before the call has been heard (a heartbeat sent after it
   * came back), or after `FRESHNESS_WINDOW_MS`, when what was heard before the call is no longer
   * fresh anyway. The calls of one turn of the event loop share one heartbeat.
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/**
 * How long after a replica's last answered heartbeat was sent it may still answer from memory, and
 * so how long a change that revokes something waits after its commit. Heartbeats go every 250 ms:
 * a replica whose round trip stays under ~750 ms never reads the tables.
 */
export const FRESHNESS_WINDOW_MS = 1_000;
/** Covers timers firing a little early and clocks ticking at slightly different rates. */
const REVOCATION_MARGIN_MS = 100;

/** The one channel of every change notice: sessions (`s:`, `u:`) and watched tables (`t:`). */
const CHANGES_CHANNEL = 'dockhand_changes';

/** Names the connection in pg_stat_activity (tests find it there, and its relay stalls it). */
export const LISTENER_APPLICATION_NAME = 'dockhand-listener';

const HEARTBEAT_MS = 250;
const STALLED_AFTER_MS = 5_000;
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5_000;
const HEARTBEAT_PREFIX = 'hb:';

/**
 * Resolves FRESHNESS_WINDOW_MS (plus a margin) after `committedAt` (performance.now() once a
 * revoking change committed): by then a replica still answering from memory heard a heartbeat sent
 * after the commit, so it heard the change too.
 */
export async function revocationSettled(committedAt: number): Promise<void> {
  const deadline = committedAt + FRESHNESS_WINDOW_MS + REVOCATION_MARGIN_MS;
  // A timer may fire a little early: wait again until the deadline has really passed.
  for (let left = deadline - performance.now(); left > 0; left = deadline - performance.now()) {
    await new Promise((resolve) => setTimeout(resolve, Math.ceil(left)));
  }
}

/** Sends `payload` on the change channel; inside a transaction it is delivered when (and if) it commits. */
export async function notify(db: QueryExecutorProvider, payload: string): Promise<void> {
  await sql`select pg_notify(${CHANGES_CHANNEL}, ${payload})`.execute(db);
}

export function listen(connectionString: string, db: QueryExecutorProvider): Listener {
  const channel = CHANGES_CHANNEL;
  const subscribers: ListenerEvents[] = [];
  const events: ListenerEvents = {
    message: (payload) => subscribers.forEach((subscriber) => subscriber.message(payload)),
    reset: () => subscribers.forEach((subscriber) => subscriber.reset()),
  };
  /** sync() calls waiting for a heartbeat sent after they began; each leaves once resolved. */
  const syncs = new Set<{ began: number; settle: () => void }>();
  /** Resolves the syncs that began at or before `heardUpTo` (a performance.now() time). */
  const settleSyncs = (heardUpTo: number) => {
    for (const sync of syncs) if (sync.began <= heardUpTo) sync.settle();
  };
  const replicaId = randomUUID();
  let client: pg.Client | null = null;
  let listening = false;
  /** performance.now() when the last heartbeat that came back was sent; -Infinity until one did. */
  let freshAsOf = -Infinity;
  /** Heartbeats sent and not yet back: sequence number → performance.now() before sending. */
  const sentAt = new Map<number, number>();
  let nextSeq = 0;
  /** Heartbeats numbered below this were sent before the current LISTEN and do not count. */
  let firstSeq = 0;
  /** When we last had proof that the connection delivers: LISTEN in place or a heartbeat back. */
  let heardAt = 0;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: NodeJS.Timeout | null = null;
  /** The heartbeat the sync() calls of this turn of the event loop share, until it is sent. */
  let syncBeat: NodeJS.Immediate | null = null;

  const lost = (lostClient: pg.Client) => {
    if (client !== lostClient) return;
    client = null;
    listening = false;
    freshAsOf = -Infinity;
    sentAt.clear();
    // Nothing is served from memory until a new LISTEN is fresh: nobody needs to wait.
    settleSyncs(Infinity);
    events.reset();
    // A stalled connection may never answer the goodbye: do not wait for it.
    lostClient.end().catch(() => undefined);
    if (!closed) {
      retryTimer = setTimeout(() => void connect(), retryMs);
      retryTimer.unref();
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    }
  };

  const heard = (payload: string) => {
    if (!payload.startsWith(HEARTBEAT_PREFIX)) {
      events.message(payload);
      return;
    }
    const [, from, seqText] = payload.split(':');
    const seq = Number(seqText);
    const sent = sentAt.get(seq);
    if (from !== replicaId || seq < firstSeq || sent === undefined) return;
    freshAsOf = Math.max(freshAsOf, sent);
    heardAt = performance.now();
    for (const earlier of sentAt.keys()) if (earlier <= seq) sentAt.delete(earlier);
    settleSyncs(freshAsOf);
  };

  const connect = async () => {
    retryTimer = null;
    const next = new pg.Client({
      connectionString,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    client = next;
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (notification) => {
      if (client === next && notification.channel === channel) heard(notification.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      lost(next);
      return;
    }
    if (client !== next) return;
    // LISTEN is committed: from here on every notification arrives. What was learnt while not
    // listening may be stale, and only heartbeats sent from now on say anything.
    events.reset();
    listening = true;
    firstSeq = nextSeq;
    heardAt = performance.now();
    retryMs = RETRY_FIRST_MS;
  };

  const beat = () => {
    const current = client;
    if (!current || !listening) return;
    if (performance.now() - heardAt > STALLED_AFTER_MS) {
      lost(current);
      return;
    }
    const seq = nextSeq++;
    // Noted before sending: the heartbeat commits later, so the time is on the safe side.
    sentAt.set(seq, performance.now());
    notify(db, `${HEARTBEAT_PREFIX}${replicaId}:${seq}`).catch(() => sentAt.delete(seq));
  };

  const heartbeat = setInterval(beat, HEARTBEAT_MS);
  heartbeat.unref();
  void connect();
  return {
    get fresh() {
      return performance.now() - freshAsOf <= FRESHNESS_WINDOW_MS;
    },
    subscribe(subscriber) {
      subscribers.push(subscriber);
    },
    sync() {
      // Not listening: only heartbeats sent after the next LISTEN will count, all of them later
      // than this call, so whatever serves from memory then has heard what came before.
      if (!client || !listening) return Promise.resolve();
      const began = performance.now();
      return new Promise<void>((resolve) => {
        const sync = {
          began,
          settle: () => {
            clearTimeout(timer);
            syncs.delete(sync);
            resolve();
          },
        };
        const timer = setTimeout(sync.settle, FRESHNESS_WINDOW_MS);
        timer.unref();
        syncs.add(sync);
        // Sent once this turn's callbacks have run: its time is noted after every call sharing it began.
        syncBeat ??= setImmediate(() => {
          syncBeat = null;
          beat();
        });
      });
    },
    async close() {
      closed = true;
      clearInterval(heartbeat);
      if (retryTimer) clearTimeout(retryTimer);
      if (syncBeat) clearImmediate(syncBeat);
      const current = client;
      client = null;
      listening = false;
      freshAsOf = -Infinity;
      settleSyncs(Infinity);
      // A stalled connection may never answer the goodbye.
      const ended = current?.end().catch(() => undefined);
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
    },
  };
}
