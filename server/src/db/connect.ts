/**
 * Opens the database: PostgreSQL when `databaseUrl` is set, otherwise SQLite in
 * `{dataDir}/dockhand.db` (created on first start, WAL mode so readers never block the writer).
 * Migrations run before the handle is returned.
 */
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase as SqliteDialectDatabase } from 'kysely';
import pg from 'pg';
import { runMigrations } from './migrations.js';
import type { Database } from './schema.js';

export type DatabaseEngine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
}

const PG_INT8_OID = 20;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const { db, engine } = options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openSqlite(options.dataDir);
  try {
    await runMigrations(db as Kysely<unknown>);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, engine, close: () => db.destroy() };
}

function openSqlite(dataDir: string): { db: Kysely<Database>; engine: DatabaseEngine } {
  fs.mkdirSync(dataDir, { recursive: true });
  const sqlite = new SqliteDatabase(path.join(dataDir, 'dockhand.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }),
    engine: 'sqlite',
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, and preparing costs more than running a small query in
 * SQLite. Our queries are a small fixed set of SQL strings, so prepared statements are reused.
 * (Kysely runs each statement to completion synchronously, so a cached statement is never busy.)
 */
function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDialectDatabase {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare: (sql: string) => {
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

function openPostgres(connectionString: string): { db: Kysely<Database>; engine: DatabaseEngine } {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
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
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), engine: 'postgres' };
}
