import { cleanName, DisplayNames } from 'contract';
import type { Kysely } from 'kysely';
import { rewriteColumn } from '../db/rewrite-column.js';

/**
 * Migration 102, agents part: server names stored before the name rule are cleaned like
 * organization names; one left shorter than the rule's minimum is named after its id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { min, max } = DisplayNames.server;
  await rewriteColumn(db, 'agents', 'name', (name, id) => {
    const clean = cleanName(name, max);
    return [...clean].length >= min ? clean : `Server ${id.slice(0, 8)}`;
  });
}
