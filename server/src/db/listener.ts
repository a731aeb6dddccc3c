/**
 * A PostgreSQL connection of its own that LISTENs on one channel, for in-memory state that must hear
 * every change another replica makes (auth/session-cache.ts). It says when it starts hearing and
 * when it may have missed something: the connection failed or ended, or a heartbeat went
 * unanswered (a network that died without a word). It reconnects with back-off until closed.
 */
import pg from 'pg';

export interface ListenerEvents {
  message(payload: string): void;
  /** LISTEN is in place: from now on every notification on the channel arrives. */
  hearing(): void;
  /** Notifications may have been missed, and more may be until `hearing` is called again. */
  deaf(): void;
}

export interface Listener {
  /** True while LISTEN is in place and the connection answered a heartbeat recently. */
  readonly hearing: boolean;
  close(): Promise<void>;
}

/** Names the connection in pg_stat_activity (tests cut it there). */
export const LISTENER_APPLICATION_NAME = 'dockhand-listener';

const HEARTBEAT_MS = 2_000;
/**
 * A heartbeat answered means every notification committed before it was sent has arrived (the
 * server delivers them before answering). Without one for this long, the listener counts as deaf.
 */
const TRUSTED_FOR_MS = 5_000;
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 10_000;

export function listen(connectionString: string, channel: string, events: ListenerEvents): Listener {
  let client: pg.Client | null = null;
  let answeredAt = 0;
  let hearing = false;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;

  const lost = (lostClient: pg.Client) => {
    if (client !== lostClient) return;
    client = null;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    if (hearing) {
      hearing = false;
      events.deaf();
    }
    lostClient.end().catch(() => undefined);
    if (!closed) {
      retryTimer = setTimeout(connect, retryMs);
      retryTimer.unref();
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    }
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
      if (client === next && notification.channel === channel) events.message(notification.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      lost(next);
      return;
    }
    if (client !== next) return;
    answeredAt = Date.now();
    hearing = true;
    retryMs = RETRY_FIRST_MS;
    heartbeat = setInterval(() => beat(next), HEARTBEAT_MS);
    heartbeat.unref();
    events.hearing();
  };

  const beat = (beating: pg.Client) => {
    if (Date.now() - answeredAt > TRUSTED_FOR_MS) {
      lost(beating);
      return;
    }
    const sentAt = Date.now();
    beating.query('SELECT 1').then(
      () => {
        answeredAt = Math.max(answeredAt, sentAt);
      },
      () => lost(beating),
    );
  };

  void connect();
  return {
    get hearing() {
      return hearing && Date.now() - answeredAt <= TRUSTED_FOR_MS;
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (heartbeat) clearInterval(heartbeat);
      const current = client;
      client = null;
      hearing = false;
      await current?.end().catch(() => undefined);
    },
  };
}
