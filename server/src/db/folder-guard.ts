/**
 * One serving process per SQLite data folder: two would each keep their own view of agents,
 * presence and limits. serve.ts takes this guard before it builds the app; in-process tools and
 * tests that open the same folder beside a running server are not servers and do not take it.
 *
 * The guard is an exclusive transaction on a side file, held for the life of the process. The
 * operating system drops it when the process ends, even by kill -9, so a crash never leaves a
 * stale lock. (A side file, so backup tools can still read dockhand.db while the server runs.)
 */
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { DataFolderError, folderReason, prepareDataFolder } from './connect.js';

/** How long a start waits for a stopping server to let go of the folder (a restart). */
const STOPPING_SERVER_WAIT_MS = 2_000;

let held: SqliteDatabase.Database | undefined;

export function holdSqliteDataFolder(dataDir: string): void {
  if (held) return;
  let guard: SqliteDatabase.Database | undefined;
  try {
    prepareDataFolder(dataDir);
    guard = new SqliteDatabase(path.join(dataDir, 'server.lock'), { timeout: STOPPING_SERVER_WAIT_MS });
    guard.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    guard?.close();
    if ((error as { code?: unknown }).code !== 'SQLITE_BUSY')
      throw new DataFolderError(dataDir, folderReason(error));
    throw new DataFolderError(
      dataDir,
      'another Dockhand server process is using it',
      'SQLite serves one process: stop the other one, or use PostgreSQL (DATABASE_URL) to run several replicas.',
    );
  }
  held = guard;
}
