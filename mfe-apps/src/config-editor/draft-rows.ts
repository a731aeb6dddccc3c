/**
 * The rows the editor shows, numbered as the validation messages number them ('File #N',
 * 'Variable #N'): template items in order, each replaced by its user override when there is one,
 * then the other user items.
 */
import type { ConfigDraft, DraftEntry, DraftFile, DraftVariable } from './config-draft';

export interface DraftRow<T extends DraftEntry> {
  /** 1-based position. */
  number: number;
  /** What the row edits: the user override, the template item itself, or a plain user item. */
  entry: T;
  /** The template item the row stands on (itself when not overridden); null for plain user items. */
  original: T | null;
  /** A user item overriding `original`. */
  isOverride: boolean;
}

function rowsOf<T extends DraftEntry>(
  entries: readonly T[],
  nameOf: (entry: T) => string,
  overridable: (entry: T) => boolean,
): DraftRow<T>[] {
  const firstUserByName = new Map<string, T>();
  for (const entry of entries) {
    if (entry.type === 'user' && !firstUserByName.has(nameOf(entry)))
      firstUserByName.set(nameOf(entry), entry);
  }
  const placed = new Set<string>();
  const rows: Omit<DraftRow<T>, 'number'>[] = [];
  for (const entry of entries) {
    if (entry.type === 'user') continue;
    const override = overridable(entry) ? firstUserByName.get(nameOf(entry)) : undefined;
    if (override && !placed.has(override.id)) {
      placed.add(override.id);
      rows.push({ entry: override, original: entry, isOverride: true });
    } else {
      rows.push({ entry, original: entry, isOverride: false });
    }
  }
  for (const entry of entries) {
    if (entry.type === 'user' && !placed.has(entry.id))
      rows.push({ entry, original: null, isOverride: false });
  }
  return rows.map((row, index) => ({ ...row, number: index + 1 }));
}

export function fileRows(draft: ConfigDraft): DraftRow<DraftFile>[] {
  return rowsOf(
    draft.files,
    (file) => file.filename,
    () => true,
  );
}

/** Constants cannot be overridden: a user variable of a constant's name gets a row of its own. */
export function variableRows(draft: ConfigDraft): DraftRow<DraftVariable>[] {
  return rowsOf(
    draft.variables,
    (variable) => variable.name,
    (variable) => variable.type === 'inherited',
  );
}

/**
 * Extension filter: with an extension's app chosen, only that app's rows are shown; items with no
 * app id count as the current app's. Without a choice every row is shown.
 */
export function rowsOfApp<T extends DraftEntry>(
  rows: readonly DraftRow<T>[],
  currentAppId: string,
  chosenAppId: string | null | undefined,
): DraftRow<T>[] {
  if (!chosenAppId) return [...rows];
  return rows.filter((row) => (row.entry.app_id ?? currentAppId) === chosenAppId);
}
