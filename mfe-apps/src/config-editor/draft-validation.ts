import { selectionVariableError, validateFilename, validateVariableName } from 'shared';
import type { ConfigDraft } from './config-draft';
import { fileRows, variableRows } from './draft-rows';
import { draftSizeError } from './draft-size';
import { extensionErrors } from './extension-draft';

/**
 * Messages of spec section 5 for the user entries (the only ones saved), prefixed with the row
 * number ('File #N: ', 'Variable #N: '). A duplicate name gets the server's own refusal text.
 */
export function validateDraft(draft: ConfigDraft): string[] {
  const errors: string[] = [];
  const filenames = new Set<string>();
  for (const { number, entry } of fileRows(draft)) {
    if (entry.type !== 'user') continue;
    const error = validateFilename(entry.filename);
    if (error) errors.push(`File #${number}: ${error}`);
    else if (filenames.has(entry.filename))
      errors.push(`File #${number}: Duplicate filename ${entry.filename}`);
    filenames.add(entry.filename);
  }
  const sizeError = draftSizeError(draft);
  if (sizeError) errors.push(sizeError);

  const nonUserNames = new Set(draft.variables.filter((v) => v.type !== 'user').map((v) => v.name));
  const names = new Set<string>();
  const filenamesOfDraft = draft.files.map((file) => file.filename);
  for (const { number, entry, isOverride } of variableRows(draft)) {
    if (entry.type !== 'user') continue;
    const error = validateVariableName(entry.name, {
      isOverride,
      clashesWithNonUser: nonUserNames.has(entry.name),
    });
    // COMPOSE_FILE and COMPOSE_PROFILES choose among the draft's files, as the server checks them.
    const valueError = selectionVariableError(entry, filenamesOfDraft);
    if (error) errors.push(`Variable #${number}: ${error}`);
    else if (names.has(entry.name)) errors.push(`Variable #${number}: Duplicate variable ${entry.name}`);
    else if (valueError) errors.push(`Variable #${number}: ${valueError}`);
    names.add(entry.name);
  }
  return [...errors, ...extensionErrors(draft)];
}
