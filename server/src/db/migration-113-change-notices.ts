import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Migration 113: on PostgreSQL every insert, delete or real change of a row of the tables behind
 * the cached reads (db/read-cache.ts) sends the notice `t:<table>` on the change channel
 * (db/listener.ts), in the writing transaction: whoever writes, every replica hears it once the
 * change commits. SQLite serves one process, which watches its own connection (connect.ts).
 */
// Literal names: a shipped migration never changes, whatever the code's constants become.
const TABLES = ['organizations', 'organization_members', 'agents', 'apps'];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    create function dockhand_table_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('dockhand_changes', 't:' || tg_table_name);
      return null;
    end $$`.execute(db);
  for (const table of TABLES) {
    // Statement level: one notice per statement (a transaction folds equal ones), also for none.
    await sql`
      create trigger ${sql.id(`${table}_inserted_or_deleted`)}
        after insert or delete or truncate on ${sql.table(table)}
        for each statement execute function dockhand_table_changed()`.execute(db);
    // Row level, so that an update that changes nothing (a status reported again) stays silent.
    await sql`
      create trigger ${sql.id(`${table}_changed`)}
        after update on ${sql.table(table)}
        for each row when (old.* is distinct from new.*) execute function dockhand_table_changed()`.execute(
      db,
    );
  }
}
