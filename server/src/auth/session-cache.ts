/**
 * Live sessions remembered in this process, so an authenticated call does not read the session
 * table each time (it was one of the two statements of every call).
 *
 * Whatever ends a session or changes what it carries (sign-out, a replayed refresh token, a new
 * profile from the identity provider) runs through `change`, and when `change` returns no process
 * serves the old state: SQLite serves one process, which forgets directly; on PostgreSQL the
 * change is announced with NOTIFY in its own transaction and every replica, listening on its own
 * connection (db/listener.ts), forgets it. A replica that is not hearing the channel (starting, or
 * its connection lost or silent) drops the whole cache and reads the table until it hears again.
 * Expiry is checked against the clock on every call, and an entry is read again after a minute.
 * Roles are not cached: organization and agent checks read them on each call.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { listen, type Listener } from '../db/listener.js';
import type { LiveSession, SessionUser } from './session-store.js';

/** A session ended, or a user whose sessions carry a changed profile. */
export type SessionChange = { sessionId: string } | { userId: string };

const CHANNEL = 'dockhand_sessions';
/** About 300 bytes an entry: 10,000 signed-in browsers cost a few megabytes. */
const MAX_ENTRIES = 10_000;
const ENTRY_TTL_MS = 60_000;
/** How long `change` waits for its own notification to come back (then every replica has it). */
const ECHO_WAIT_MS = 1_000;

interface Entry extends LiveSession {
  cachedAt: number;
}

export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  /** Moves on every forget: a lookup that started before one must not fill the cache after it. */
  #generation = 0;
  readonly #listener: Listener | null;
  readonly #echoes = new Map<string, () => void>();

  /** On PostgreSQL (`databaseUrl`) the cache serves only while it hears every replica's changes. */
  constructor(databaseUrl: string | undefined) {
    this.#listener = databaseUrl
      ? listen(databaseUrl, CHANNEL, {
          message: (payload) => this.#heard(payload),
          hearing: () => this.#forgetAll(),
          deaf: () => this.#forgetAll(),
        })
      : null;
  }

  /** Whether lookups may be answered from memory: always on SQLite, while hearing on PostgreSQL. */
  get serving(): boolean {
    return this.#listener === null || this.#listener.hearing;
  }

  /** The user of a cached live session; undefined when the table must be asked. */
  find(sessionId: string, now: number): SessionUser | undefined {
    if (!this.serving) return undefined;
    const entry = this.#entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.expiresAt <= now || now - entry.cachedAt > ENTRY_TTL_MS) {
      this.#entries.delete(sessionId);
      return undefined;
    }
    return entry.user;
  }

  /** Taken before reading the table; `remember` keeps the answer only if nothing changed since. */
  ticket(): number {
    return this.#generation;
  }

  remember(session: LiveSession, ticket: number, now: number): void {
    if (ticket !== this.#generation || !this.serving) return;
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(session.user.sessionId, { ...session, cachedAt: now });
  }

  /**
   * Runs `work` in a transaction; each `announce` in it names a change. When this returns the
   * transaction is committed and every process has forgotten what it changed (on PostgreSQL: this
   * replica heard its own notification, which every listening replica got at the same commit).
   */
  async change<T>(
    db: Kysely<Database>,
    work: (trx: Transaction<Database>, announce: (change: SessionChange) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    const announced: string[] = [];
    const echoes: Promise<void>[] = [];
    try {
      const result = await db.transaction().execute((trx) =>
        work(trx, async (change) => {
          const payload = `${'sessionId' in change ? `s:${change.sessionId}` : `u:${change.userId}`}:${randomUUID()}`;
          announced.push(payload);
          if (!this.#listener) return;
          if (this.#listener.hearing) echoes.push(this.#echo(payload));
          await sql`select pg_notify(${CHANNEL}, ${payload})`.execute(trx);
        }),
      );
      for (const payload of announced) this.#forget(payload);
      await Promise.all(echoes);
      return result;
    } finally {
      for (const payload of announced) this.#echoes.get(payload)?.();
    }
  }

  async close(): Promise<void> {
    await this.#listener?.close();
  }

  #echo(payload: string): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ECHO_WAIT_MS);
      const echoes = this.#echoes;
      function done() {
        clearTimeout(timer);
        echoes.delete(payload);
        resolve();
      }
      echoes.set(payload, done);
    });
  }

  #heard(payload: string): void {
    this.#echoes.get(payload)?.();
    this.#forget(payload);
  }

  #forget(payload: string): void {
    this.#generation += 1;
    const [kind, id] = payload.split(':');
    if (kind === 's' && id) {
      this.#entries.delete(id);
    } else if (kind === 'u' && id) {
      for (const [sessionId, entry] of this.#entries) {
        if (entry.user.id === id) this.#entries.delete(sessionId);
      }
    } else {
      this.#entries.clear();
    }
  }

  #forgetAll(): void {
    this.#generation += 1;
    this.#entries.clear();
  }
}
