import { sql, type Kysely } from 'kysely';
import { EXTENSIONS } from 'contract';
import { rewriteColumn } from '../db/rewrite-column.js';

/**
 * Migration 105: the `expose` extension. A custom app keeps the service and container port it
 * chose for each extension (`supported_extensions`, JSON; a catalog app's come from its template).
 * The earlier placeholder extension 'proxy' was never wired to anything: apps that claimed to
 * provide it provide nothing now, and stored values naming an unknown extension mean None.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('apps')
    .addColumn('supported_extensions', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await forgetUnknownExtensions(db);
}

/** Data part of migration 105 (re-runnable): unknown extensions become none. */
export async function forgetUnknownExtensions(db: Kysely<unknown>): Promise<void> {
  await sql`update apps set extension = null where extension is not null and extension not in (${sql.join(
    EXTENSIONS,
  )})`.execute(db);
  await rewriteColumn(db, 'apps', 'extension_values', (value) => JSON.stringify(knownValues(value)));
}

function knownValues(stored: string): unknown[] {
  try {
    const values: unknown = JSON.parse(stored);
    if (!Array.isArray(values)) return [];
    return values.filter(
      (value: unknown) =>
        typeof value === 'object' &&
        value !== null &&
        (EXTENSIONS as readonly unknown[]).includes((value as { extension?: unknown }).extension) &&
        typeof (value as { extension_app_id?: unknown }).extension_app_id === 'string',
    );
  } catch {
    return [];
  }
}
