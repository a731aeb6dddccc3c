/**
 * Answers of the hottest reads remembered in this process: the lists behind the dashboard's status
 * polls, its server list and the signed-in profile (each a few times a minute per open dashboard).
 * Each cached query names the tables it reads; a row of one of them inserted, deleted or changed
 * forgets every answer that read it. The database itself says so, whoever writes:
 * - PostgreSQL: a trigger on each watched table sends a `t:<table>` notice on the change channel
 *   in the writing transaction (migration 113); each replica hears it on its listener
 *   (db/listener.ts) and answers from memory only while that listener is fresh. So a change is seen
 *   by every replica's next call at most FRESHNESS_WINDOW_MS after it committed; by this replica's
 *   once a state-changing call has answered (app.ts waits for `sync`), and by every replica once a
 *   call that revokes access has answered (`revoked`).
 * - SQLite (one process): temporary triggers on this connection call back into the cache in the
 *   statement that makes the change (connect.ts, `watchTables`); a commit by another program
 *   writing the file (SQLite's data_version moved, looked at at most every few milliseconds:
 *   OTHER_WRITERS_LOOK_MS) forgets everything within those milliseconds.
 * A read that began before a change never fills the cache (generation counter), a read inside a
 * transaction is never cached (a transaction is another Kysely handle), and every answer is read
 * again after a minute. A call that reads a cached list after its own write, before answering,
 * reads it in the writing transaction: on PostgreSQL the notice may not be back yet.
 */
import { performance } from 'node:perf_hooks';
import type { Compilable, Kysely } from 'kysely';
import type { DatabaseHandle } from './connect.js';
import { revocationSettled, type Listener } from './listener.js';
import { evictLeastRecent, type Usable } from './recency.js';
import { reusableQuery } from './reusable-query.js';

/** Every table a cached query may read; migration 113 puts the notice triggers on these. */
const WATCHED_TABLES: readonly string[] = ['organizations', 'organization_members', 'agents', 'apps'];

const TABLE_NOTICE = 't:';
const ENTRY_TTL_MS = 60_000;
/** Rows kept in all: a user with 1,000 apps is one entry of 1,000 rows. */
const MAX_ROWS = 100_000;

interface Entry extends Usable {
  rows: readonly unknown[];
  tables: readonly string[];
  /** performance.now() when it was read from the database. */
  readAt: number;
}

const cacheOf = new WeakMap<object, ReadCache>();

export class ReadCache {
  /** Evicted least recently used first when full (recency.ts). */
  readonly #entries = new Map<string, Entry>();
  #rows = 0;
  /** Moves on every change: a read that began before one must not fill the cache. */
  #generation = 0;
  readonly #listener: Listener | null;
  /** SQLite: forgets everything if another program committed to the file since the last look. */
  readonly #lookForOtherWriters: () => void = () => undefined;
  readonly #db: object;

  /** Serves `database`'s cached queries from now on; on PostgreSQL `listener` is this replica's. */
  constructor(database: DatabaseHandle, listener: Listener | null) {
    this.#listener = listener;
    this.#db = database.db;
    if (database.engine === 'postgres') {
      if (!listener) throw new Error('a read cache on PostgreSQL needs the change listener');
      listener.subscribe({
        message: (payload) => {
          if (payload.startsWith(TABLE_NOTICE)) this.tableChanged(payload.slice(TABLE_NOTICE.length));
        },
        reset: () => this.#forgetAll(),
      });
    } else if (database.watchTables) {
      this.#lookForOtherWriters = database.watchTables(WATCHED_TABLES, (table) =>
        table === null ? this.#forgetAll() : this.tableChanged(table),
      );
    }
    cacheOf.set(this.#db, this);
  }

  /** Whether answers may come from memory: always on SQLite, on PostgreSQL while the listener is fresh. */
  get fresh(): boolean {
    return this.#listener?.fresh ?? true;
  }

  find(key: string): readonly unknown[] | undefined {
    if (!this.fresh) return undefined;
    this.#lookForOtherWriters();
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (performance.now() - entry.readAt > ENTRY_TTL_MS) {
      this.#drop(key);
      return undefined;
    }
    entry.used = true;
    return entry.rows;
  }

  /** Taken before reading; `remember` keeps the answer only if nothing changed since. */
  ticket(): number {
    return this.#generation;
  }

  remember(key: string, tables: readonly string[], rows: readonly unknown[], ticket: number): void {
    if (ticket !== this.#generation || rows.length > MAX_ROWS) return;
    this.#drop(key);
    // Shared by every caller from now on: frozen, so a caller that changed one would fail loudly.
    for (const row of rows) Object.freeze(row);
    this.#entries.set(key, { rows: Object.freeze(rows), tables, readAt: performance.now(), used: false });
    this.#rows += rows.length;
    while (this.#rows > MAX_ROWS) this.#rows -= evictLeastRecent(this.#entries)!.rows.length;
  }

  /** A row of `table` was inserted, deleted or changed. */
  tableChanged(table: string): void {
    this.#generation += 1;
    for (const [key, entry] of this.#entries) {
      if (entry.tables.includes(table)) this.#drop(key);
    }
  }

  /**
   * For a call that took access away (a member removed, an organization deleted): once this
   * resolves after its commit, no replica serves an answer read before it.
   */
  async revoked(): Promise<void> {
    if (this.#listener) await revocationSettled(performance.now());
  }

  close(): void {
    cacheOf.delete(this.#db);
    this.#forgetAll();
  }

  #drop(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#rows -= entry.rows.length;
  }

  #forgetAll(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#rows = 0;
  }
}

let nextQueryId = 0;

/**
 * A reusable query (reusable-query.ts) whose answers the database handle's ReadCache remembers
 * until a row of a table it reads changes. Those tables are taken from the query itself, and each
 * must be watched: a query reading another one throws on its first run. Callers get shared, frozen
 * rows. Without a cache (a transaction, a handle no app serves) it just runs.
 */
export function cachedQuery<Args extends Record<string, string | number>, Row, DB>(
  names: readonly (keyof Args & string)[],
  build: (db: Kysely<DB>, args: Args) => Compilable<Row>,
): { run(db: Kysely<DB>, args: Args): Promise<readonly Row[]> } {
  const query = reusableQuery(names, build);
  const id = String(nextQueryId++);
  let checked: readonly string[] | null = null;
  const tablesOf = (db: Kysely<DB>): readonly string[] => {
    if (checked) return checked;
    const read = query.tablesRead(db);
    const unwatched = read.filter((table) => !WATCHED_TABLES.includes(table));
    if (unwatched.length > 0)
      throw new Error(
        `cachedQuery reads ${unwatched.join(', ')}, which no change notice covers (read-cache.ts)`,
      );
    checked = read;
    return read;
  };
  return {
    async run(db, args) {
      const cache = cacheOf.get(db);
      if (!cache) return query.run(db, args);
      const tables = tablesOf(db);
      let key = id;
      for (const name of names) key += `\u0000${args[name]}`;
      const cached = cache.find(key);
      if (cached) return cached as readonly Row[];
      const ticket = cache.ticket();
      const rows = await query.run(db, args);
      cache.remember(key, tables, rows, ticket);
      return rows;
    },
  };
}
