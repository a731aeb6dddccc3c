import { sql, type Kysely } from 'kysely';

/**
 * For data migrations: rewrites `column` of every row of `table` (keyed by `id`) through
 * `rewrite`, updating only the rows it changes. Runs the same on SQLite and PostgreSQL.
 */
export async function rewriteColumn(
  db: Kysely<unknown>,
  table: string,
  column: string,
  rewrite: (value: string, id: string) => string,
): Promise<number> {
  const { rows } = await sql<{ id: string; value: string }>`
    select id, ${sql.ref(column)} as value from ${sql.table(table)}`.execute(db);
  let changed = 0;
  for (const row of rows) {
    const next = rewrite(row.value, row.id);
    if (next === row.value) continue;
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${next} where id = ${row.id}`.execute(db);
    changed += 1;
  }
  return changed;
}
