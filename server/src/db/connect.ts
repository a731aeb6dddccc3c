/**
 * Opens the database: PostgreSQL when `databaseUrl` is set, otherwise SQLite in
 * `{dataDir}/dockhand.db` (created on first start, WAL mode so readers never block the writer).
 * Migrations run before the handle is returned.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase as SqliteDialectDatabase,
  type SqliteStatement,
} from 'kysely';
import pg, { type Submittable } from 'pg';
import { runMigrations } from './migrations.js';
import type { Database } from './schema.js';

export type DatabaseEngine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  /** The connection pool on PostgreSQL, for libraries that keep their own tables (attempt limits). */
  pgPool?: pg.Pool;
  /**
   * SQLite only: calls `changed(table)` whenever a row of one of `tables` is inserted, deleted or
   * changed through this process's connection, in the statement that does it (db/read-cache.ts);
   * the function returned calls `changed(null)` if another connection (another program) has
   * committed anything since it last looked (it looks at most every OTHER_WRITERS_LOOK_MS). PostgreSQL announces changes on the change channel
   * instead (migration 113).
   */
  watchTables?(tables: readonly string[], changed: (table: string | null) => void): () => void;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
}

/** How stale a cached read may be after another program commits to the SQLite file. */
export const OTHER_WRITERS_LOOK_MS = 5;

const PG_INT8_OID = 20;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const { db, engine, pgPool, watchTables } = options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openSqlite(options.dataDir);
  try {
    await runMigrations(db as Kysely<unknown>);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, engine, pgPool, watchTables, close: () => db.destroy() };
}

/** The data folder cannot hold the database: serve.ts prints this one line and exits. */
export class DataFolderError extends Error {
  constructor(dataDir: string, reason: string, advice = 'Set DATA_DIR to a folder this user can write.') {
    super(`Cannot use the data folder ${dataDir}: ${reason}. ${advice}`);
    this.name = 'DataFolderError';
  }
}

const FOLDER_REASONS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'it is on a read-only file system',
  ENOTDIR: 'a part of its path is a file, not a folder',
  ENOSPC: 'the disk is full',
  SQLITE_CANTOPEN: 'the database file in it cannot be opened',
  SQLITE_READONLY: 'the database file in it is read-only',
  SQLITE_FULL: 'the disk is full',
};

export function folderReason(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const known = typeof code === 'string' ? FOLDER_REASONS[code] : undefined;
  return known ?? (error instanceof Error ? error.message : String(error));
}

/** Creates the folder and checks this user may use it: SQLite alone would only say SQLITE_CANTOPEN, without why. */
export function prepareDataFolder(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.accessSync(dataDir, fs.constants.R_OK | fs.constants.W_OK);
}

function openSqlite(
  dataDir: string,
): Pick<DatabaseHandle, 'db' | 'engine' | 'watchTables'> & { pgPool?: undefined } {
  let sqlite: SqliteDatabase.Database;
  try {
    prepareDataFolder(dataDir);
    const file = path.join(dataDir, 'dockhand.db');
    if (fs.existsSync(file)) fs.accessSync(file, fs.constants.R_OK | fs.constants.W_OK);
    sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
  } catch (error) {
    throw new DataFolderError(dataDir, folderReason(error));
  }
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }),
    engine: 'sqlite',
    watchTables: (tables, changed) => watchSqliteTables(sqlite, tables, changed),
  };
}

/**
 * Temporary triggers (this connection only, gone when it closes) that call `changed` from inside
 * the statement changing a row; an update counts only when a column's value really changed.
 */
function watchSqliteTables(
  sqlite: SqliteDatabase.Database,
  tables: readonly string[],
  changed: (table: string | null) => void,
): () => void {
  sqlite.function('dockhand_table_changed', { deterministic: false }, (table: unknown) => {
    changed(String(table));
    return null;
  });
  for (const table of tables) {
    const columns = (sqlite.pragma(`table_info(${table})`) as Array<{ name: string }>).map(
      (column) => `"${column.name}"`,
    );
    if (columns.length === 0) throw new Error(`watchTables: no table ${table}`);
    const call = `select dockhand_table_changed('${table}')`;
    const differs = columns.map((column) => `old.${column} is not new.${column}`).join(' or ');
    sqlite.exec(`
      create temp trigger if not exists "dockhand_${table}_inserted" after insert on main."${table}"
        begin ${call}; end;
      create temp trigger if not exists "dockhand_${table}_deleted" after delete on main."${table}"
        begin ${call}; end;
      create temp trigger if not exists "dockhand_${table}_updated" after update on main."${table}"
        when ${differs} begin ${call}; end;`);
  }
  // Moves when another connection commits (SQLite's data_version). Reading it takes the file's
  // locks (a few µs, more than the rest of a cached read), so it is read at most once every
  // OTHER_WRITERS_LOOK_MS: a commit by another program shows in the answers after at most that.
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  let seen = dataVersion.get();
  let lookedAt = performance.now();
  return () => {
    const now = performance.now();
    if (now - lookedAt < OTHER_WRITERS_LOOK_MS) return;
    lookedAt = now;
    const version = dataVersion.get();
    if (version === seen) return;
    seen = version;
    changed(null);
  };
}

const STATEMENT_CACHE_SIZE = 500;

/** Stands in for ROLLBACK when SQLite has already rolled the transaction back itself. */
const nothingToRollBack: SqliteStatement = {
  reader: false,
  all: () => [],
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  iterate: () => [][Symbol.iterator](),
};

/**
 * Kysely prepares every query anew, and preparing costs more than running a small query in
 * SQLite. Our queries are a small fixed set of SQL strings, so prepared statements are reused.
 * (Kysely runs each statement to completion synchronously, so a cached statement is never busy.)
 *
 * After SQLITE_FULL (and a few other errors) SQLite rolls the transaction back on its own; Kysely's
 * ROLLBACK would then throw 'cannot rollback - no transaction is active' in place of the real error.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDialectDatabase {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare: (sql: string) => {
      if (sql === 'rollback' && !sqlite.inTransaction) return nothingToRollBack;
      let statement = cache.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

function openPostgres(connectionString: string): {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  pgPool: pg.Pool;
  watchTables?: undefined;
} {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // A database that does not answer fails a request in seconds (a 503), not after minutes.
    connectionTimeoutMillis: 5_000,
    // Millisecond timestamps are bigint columns: read them as numbers (they stay far below 2^53).
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle pooled connection can be cut by the server (restart, failover): the pool reports it
  // here and replaces the connection. Without a listener it would crash the process.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  // A connection cut while a query runs on it fails that query (a 503 at the edge) and also emits
  // 'error' on the checked-out client, which nobody else listens to: without this it crashes the
  // process. The pool drops the dead client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return {
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) }),
    engine: 'postgres',
    pgPool: pool,
  };
}

/** Statements that PostgreSQL may keep prepared on a connection (not BEGIN, COMMIT or DDL). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Kysely sends every query unnamed, so PostgreSQL parses and plans it again each time; for the
 * small indexed queries of the API that is most of the database's work. Each distinct SQL text
 * gets a name, and pg prepares a named statement once per connection and then only binds it.
 * Texts beyond STATEMENT_CACHE_SIZE (lists of varying length) stay unnamed.
 */
function withNamedStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (sql: string): string | undefined => {
    let name = names.get(sql);
    if (!name && names.size < STATEMENT_CACHE_SIZE && PREPARABLE.test(sql)) {
      name = `dockhand_${names.size}`;
      names.set(sql, name);
    }
    return name;
  };
  return {
    end: () => pool.end(),
    async connect() {
      const client = await pool.connect();
      return {
        release: () => client.release(),
        // Kysely passes either SQL with its parameters or a cursor (streamed queries): the two
        // overloads of PostgresPoolClient['query'], which one function cannot declare.
        query: ((sqlOrCursor: string | Submittable, values?: unknown[]) => {
          if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor);
          const name = nameOf(sqlOrCursor);
          return client.query(name ? { name, text: sqlOrCursor, values } : { text: sqlOrCursor, values });
        }) as unknown as PostgresPoolClient['query'],
      };
    },
  };
}
