/**
 * The rows the editor shows, numbered as the validation messages number them ('File #N',
 * 'Variable #N'): template items in order, each replaced by its user override when there is one,
 * then the other user items.
 */
import type { ConfigDraft, DraftEntry, DraftFile, DraftVariable } from './config-draft';
import { isContributed } from './extension-draft';

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

/**
 * Constants cannot be overridden: a user variable of a constant's name gets a row of its own. The
 * items an extension contributes come last (the Extension panel shows them), so the rows the
 * variables list shows are numbered without gaps.
 */
export function variableRows(draft: ConfigDraft): DraftRow<DraftVariable>[] {
  const rows = rowsOf(
    draft.variables,
    (variable) => variable.name,
    (variable) => variable.type === 'inherited',
  );
  const ofExtension = (row: DraftRow<DraftVariable>) => row.original !== null && isContributed(row.original);
  return [...rows.filter((row) => !ofExtension(row)), ...rows.filter(ofExtension)].map((row, index) => ({
    ...row,
    number: index + 1,
  }));
}

/** Rows of the app's own variables list: without the items an extension contributes. */
export function ownVariableRows(draft: ConfigDraft): DraftRow<DraftVariable>[] {
  return variableRows(draft).filter((row) => row.original === null || !isContributed(row.original));
}

/** Rows of the items the extensions contribute (the Extension panel's). */
export function contributedRows(draft: ConfigDraft): DraftRow<DraftVariable>[] {
  return variableRows(draft).filter((row) => row.original !== null && isContributed(row.original));
}

/**
 * Extension filter: with an extension's app chosen, only that app's rows are shown; items with no
 * app id count as the current app's. A row overriding an item stays that item's (the user's value
 * for a proxy's domains is still the proxy's item). Without a choice every row is shown.
 */
export function rowsOfApp<T extends DraftEntry>(
  rows: readonly DraftRow<T>[],
  currentAppId: string,
  chosenAppId: string | null | undefined,
): DraftRow<T>[] {
  if (!chosenAppId) return [...rows];
  return rows.filter((row) => ((row.original ?? row.entry).app_id ?? currentAppId) === chosenAppId);
}

/** Two renders of a row show the same thing (rows are rebuilt on every edit; their entries are kept). */
export function sameRow<T extends DraftEntry>(a: DraftRow<T>, b: DraftRow<T>): boolean {
  return (
    a.entry === b.entry && a.original === b.original && a.isOverride === b.isOverride && a.number === b.number
  );
}
