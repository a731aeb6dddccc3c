/**
 * Live sessions remembered in this process, so a signed-in call does not read the session table
 * each time (on PostgreSQL it was one of the two round trips of a status poll).
 *
 * The promise: once a call that ends a session (sign-out, a replayed refresh token) has answered,
 * no replica serves that session to a call that starts afterwards. Everything that ends a session
 * or changes what it carries runs through `change`.
 * - SQLite serves one process: it forgets the session directly.
 * - PostgreSQL: the change is a NOTIFY in the same transaction as its write. Each replica listens
 *   on a connection of its own and forgets what it hears (db/listener.ts). A replica answers from
 *   memory only while its listener is fresh: a heartbeat it sent at most FRESHNESS_WINDOW_MS ago
 *   came back, so everything committed before that heartbeat was sent has been heard. A call that
 *   ends a session answers only FRESHNESS_WINDOW_MS (plus a margin) after its commit. A replica
 *   serving from memory after that answer heard a heartbeat sent after the commit, so it heard the
 *   revocation too; a replica that is not fresh reads the table.
 *   Both sides measure durations, each on its own monotonic clock (performance.now()), never
 *   compare times across hosts: how far apart the hosts' clocks are does not matter.
 *   A new profile at sign-in is announced the same way but not waited for (a stale name for at
 *   most the window is harmless).
 * Expiry is checked against the clock on every call; an entry is read again after a minute, so a
 * session revoked by hand in the table is refused within a minute. Roles are not cached.
 */
import { performance } from 'node:perf_hooks';
import type { Kysely, Transaction } from 'kysely';
import { notify, revocationSettled, type Listener } from '../db/listener.js';
import { evictLeastRecent, type Usable } from '../db/recency.js';
import type { Database } from '../db/schema.js';
import type { LiveSession, SessionUser } from './session-store.js';

/** A session that ended, or a user whose sessions carry a changed profile. */
export type SessionChange = { endedSession: string } | { changedUser: string };

/** About 300 bytes an entry: 10,000 signed-in browsers cost a few megabytes. */
const MAX_ENTRIES = 10_000;
const ENTRY_TTL_MS = 60_000;

interface Entry extends LiveSession, Usable {
  /** performance.now() when it was read from the table. */
  readAt: number;
}

export class SessionCache {
  /** Evicted least recently used first when full (recency.ts). */
  readonly #entries = new Map<string, Entry>();
  /** Moves on every forget: a read of the table that began before one must not fill the cache. */
  #generation = 0;
  readonly #listener: Listener | null;

  /** On PostgreSQL (`listener`: this replica's) the cache serves only while the listener is fresh. */
  constructor(listener: Listener | null) {
    this.#listener = listener;
    listener?.subscribe({
      message: (payload) => {
        if (payload.startsWith('s:') || payload.startsWith('u:')) this.#forget(payload);
      },
      reset: () => this.#forgetAll(),
    });
  }

  /** Whether a lookup may come from memory: always on SQLite, on PostgreSQL while the listener is fresh. */
  get fresh(): boolean {
    return this.#listener?.fresh ?? true;
  }

  /** The user of a cached live session; undefined when the table must be read. */
  find(sessionId: string, now: number): SessionUser | undefined {
    if (!this.fresh) return undefined;
    const entry = this.#entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.expiresAt <= now || performance.now() - entry.readAt > ENTRY_TTL_MS) {
      this.#entries.delete(sessionId);
      return undefined;
    }
    entry.used = true;
    return entry.user;
  }

  /** Taken before reading the table; `remember` keeps the answer only if nothing was forgotten since. */
  ticket(): number {
    return this.#generation;
  }

  remember(session: LiveSession, ticket: number): void {
    if (ticket !== this.#generation) return;
    const sessionId = session.user.sessionId;
    this.#entries.delete(sessionId);
    if (this.#entries.size >= MAX_ENTRIES) evictLeastRecent(this.#entries);
    this.#entries.set(sessionId, { ...session, readAt: performance.now(), used: false });
  }

  /**
   * Runs `work` in a transaction; each `announce` in it names a change. When this returns (or
   * throws) after announcing an ended session, no replica serves that session any more.
   */
  async change<T>(
    db: Kysely<Database>,
    work: (trx: Transaction<Database>, announce: (change: SessionChange) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    const announced: string[] = [];
    let endsSession = false;
    try {
      return await db.transaction().execute((trx) =>
        work(trx, async (change) => {
          const payload = 'endedSession' in change ? `s:${change.endedSession}` : `u:${change.changedUser}`;
          announced.push(payload);
          endsSession ||= 'endedSession' in change;
          if (this.#listener) await notify(trx, payload);
        }),
      );
    } finally {
      // Also after a failure: a commit whose answer was lost may have happened.
      const settledAt = performance.now();
      for (const payload of announced) this.#forget(payload);
      if (endsSession && this.#listener) await revocationSettled(settledAt);
    }
  }

  #forget(payload: string): void {
    this.#generation += 1;
    const kind = payload.slice(0, 2);
    const id = payload.slice(2);
    if (kind === 's:') {
      this.#entries.delete(id);
    } else {
      for (const [sessionId, entry] of this.#entries) {
        if (entry.user.id === id) this.#entries.delete(sessionId);
      }
    }
  }

  #forgetAll(): void {
    this.#generation += 1;
    this.#entries.clear();
  }
}
