import { cleanName, DisplayNames } from 'contract';
import type { Kysely } from 'kysely';
import { rewriteColumn } from '../db/rewrite-column.js';

/**
 * Migration 102, apps part: icons stored before the name rule are cleaned; an icon left empty
 * becomes the default. App names always had the strict app-name rule (letters, digits, hyphens);
 * longer ones than today's cap keep working and meet it on their next rename.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await rewriteColumn(db, 'apps', 'icon', (icon) => cleanName(icon, DisplayNames.appIcon.max) || 'Package');
}
