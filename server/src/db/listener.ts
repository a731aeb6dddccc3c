/**
 * A PostgreSQL connection of its own that LISTENs on one channel, for in-memory state that must
 * hear every change any replica commits (auth/session-cache.ts), and how fresh what it heard is.
 *
 * Freshness: about every 250 ms the listener notes the monotonic time, then sends a heartbeat
 * NOTIFY on the channel through the ordinary pool. PostgreSQL delivers the notifications of
 * different transactions in the order the transactions committed (NOTIFY reference page), and the
 * handlers run synchronously in arrival order. So once the heartbeat comes back, every
 * notification committed before the time noted has been delivered and handled: `freshAsOf` is
 * that time. (Only `pg_notify` with its two arguments is ordered so; keep it.)
 *
 * The connection fails, ends, or no heartbeat of ours comes back for STALLED_AFTER_MS (a network
 * that died without a word): the state is reset, `freshAsOf` is -Infinity, and it reconnects with
 * back-off. After a new LISTEN only heartbeats sent after it count.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql, type QueryExecutorProvider } from 'kysely';
import pg from 'pg';

export interface ListenerEvents {
  /** A notification other than a heartbeat; handled before any that arrives after it. */
  message(payload: string): void;
  /** Notifications may have been missed, or LISTEN is newly in place: forget what was heard. */
  reset(): void;
}

export interface Listener {
  /**
   * `performance.now()` when the last heartbeat that came back was sent: every notification
   * committed before it has been handled. -Infinity until one came back on the current LISTEN.
   */
  readonly freshAsOf: number;
  close(): Promise<void>;
}

/** Names the connection in pg_stat_activity (tests find it there, and its relay stalls it). */
export const LISTENER_APPLICATION_NAME = 'dockhand-listener';

const HEARTBEAT_MS = 250;
const STALLED_AFTER_MS = 5_000;
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5_000;
const HEARTBEAT_PREFIX = 'hb:';

/** Sends `payload` on `channel`; inside a transaction it is delivered when (and if) it commits. */
export async function notify(db: QueryExecutorProvider, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

export function listen(
  connectionString: string,
  db: QueryExecutorProvider,
  channel: string,
  events: ListenerEvents,
): Listener {
  const replicaId = randomUUID();
  let client: pg.Client | null = null;
  let listening = false;
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

  const lost = (lostClient: pg.Client) => {
    if (client !== lostClient) return;
    client = null;
    listening = false;
    freshAsOf = -Infinity;
    sentAt.clear();
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
    notify(db, channel, `${HEARTBEAT_PREFIX}${replicaId}:${seq}`).catch(() => sentAt.delete(seq));
  };

  const heartbeat = setInterval(beat, HEARTBEAT_MS);
  heartbeat.unref();
  void connect();
  return {
    get freshAsOf() {
      return freshAsOf;
    },
    async close() {
      closed = true;
      clearInterval(heartbeat);
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      listening = false;
      freshAsOf = -Infinity;
      // A stalled connection may never answer the goodbye.
      const ended = current?.end().catch(() => undefined);
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
    },
  };
}
