import { cleanName, DisplayNames } from 'contract';
import type { Kysely } from 'kysely';
import { rewriteColumn } from '../db/rewrite-column.js';

/**
 * Migration 102, organizations part: names stored before the name rule (contract/rules/names.ts)
 * lose control and format characters, are NFC and within the limit; one left empty gets a
 * neutral name the owner can change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await rewriteColumn(db, 'organizations', 'name', (name) => {
    return cleanName(name, DisplayNames.organization.max) || 'Organization';
  });
}
