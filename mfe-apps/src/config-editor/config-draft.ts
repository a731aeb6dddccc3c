/**
 * The configuration editor's view model (spec section 4, "Configuration editing"): the files and
 * variables of one app with their contents, and the pure operations on them. Template items
 * ('inherited', 'constant') are shown but never sent; a user item with the same filename or name
 * overrides an inherited one (as the server's deployment does).
 */
import {
  ENCRYPTED_PLACEHOLDER,
  isVariableName,
  referencedVariables,
  rewriteVariableReferences,
  type AppDetails,
  type AppFile,
  type AppVariable,
  type ExtensionValue,
  type SupportedExtension,
} from 'shared';

export interface DraftFile extends AppFile {
  content: string;
}

export interface DraftVariable extends AppVariable {
  value: string;
}

export interface ConfigDraft {
  /** The app's id ('' for a new app); items without an app id belong to it. */
  appId: string;
  files: DraftFile[];
  variables: DraftVariable[];
  /** The Extension panel's choices (spec section 3: no value for an extension means None). */
  extensionValues: ExtensionValue[];
  /** What the app supports: a catalog app's from its template, a custom app's chosen here. */
  supportedExtensions: SupportedExtension[];
}

export type DraftEntry = DraftFile | DraftVariable;

const DEFAULT_FILENAME = 'compose.yml';

export function createDraft(details: AppDetails | null): ConfigDraft {
  if (!details) return { appId: '', files: [], variables: [], extensionValues: [], supportedExtensions: [] };
  const { config } = details;
  return {
    appId: config.id,
    extensionValues: config.extension_values,
    supportedExtensions: config.supported_extensions,
    files: config.files.map((file) => ({ ...file, content: details.files[file.id] ?? '' })),
    variables: config.variables.map((variable) => ({
      ...variable,
      value: details.variables[variable.id] ?? '',
    })),
  };
}

/**
 * The draft as it may be kept in session storage: secret values typed but not saved are left
 * out (they leave the browser only encrypted, and are not written down in plaintext either).
 */
export function withoutSecretValues(draft: ConfigDraft): ConfigDraft {
  const kept = (value: string, encrypted: boolean) =>
    !encrypted || value === ENCRYPTED_PLACEHOLDER ? value : '';
  return {
    ...draft,
    files: draft.files.map((file) => ({ ...file, content: kept(file.content, file.is_encrypted) })),
    variables: draft.variables.map((variable) => ({
      ...variable,
      value: kept(variable.value, variable.is_encrypted),
    })),
  };
}

/** True when the files, variables or extensions differ from the baseline (usually `createDraft(details)`). */
export function isDirty(draft: ConfigDraft, baseline: ConfigDraft): boolean {
  const edited = (of: ConfigDraft) =>
    JSON.stringify([of.files, of.variables, of.extensionValues, of.supportedExtensions]);
  return edited(draft) !== edited(baseline);
}

function newId(draft: ConfigDraft, kind: 'file' | 'variable'): string {
  const taken = new Set([...draft.files, ...draft.variables].map((entry) => entry.id));
  let n = 1;
  while (taken.has(`new-${kind}-${n}`)) n += 1;
  return `new-${kind}-${n}`;
}

/** `wanted`, or `name-1.ext`, `name-2.ext`… when a file of the draft already has that name. */
function uniqueFilename(files: readonly DraftFile[], wanted: string): string {
  const taken = new Set(files.map((file) => file.filename));
  if (!taken.has(wanted)) return wanted;
  const slash = wanted.lastIndexOf('/');
  const dot = wanted.lastIndexOf('.');
  const split = dot > slash + 1 ? dot : wanted.length;
  const stem = wanted.slice(0, split);
  const extension = wanted.slice(split);
  let n = 1;
  while (taken.has(`${stem}-${n}${extension}`)) n += 1;
  return `${stem}-${n}${extension}`;
}

function userFile(draft: ConfigDraft, filename: string, content: string): DraftFile {
  const id = newId(draft, 'file');
  return { id, filename, content, is_encrypted: false, type: 'user', app_id: draft.appId || null };
}

export function addFile(draft: ConfigDraft): ConfigDraft {
  const file = userFile(draft, uniqueFilename(draft.files, DEFAULT_FILENAME), '');
  return { ...draft, files: [...draft.files, file] };
}

export interface UploadedFile {
  name: string;
  content: string;
}

/** Files read from disk become user files; a name already in the draft is made unique. */
export function addUploadedFiles(draft: ConfigDraft, uploads: readonly UploadedFile[]): ConfigDraft {
  return uploads.reduce(
    (next, upload) => ({
      ...next,
      files: [...next.files, userFile(next, uniqueFilename(next.files, upload.name), upload.content)],
    }),
    draft,
  );
}

function updateUser<T extends DraftEntry>(list: T[], id: string, change: (entry: T) => T): T[] {
  return list.map((entry) => (entry.id === id && entry.type === 'user' ? change(entry) : entry));
}

export function renameFile(draft: ConfigDraft, id: string, filename: string): ConfigDraft {
  return { ...draft, files: updateUser(draft.files, id, (file) => ({ ...file, filename })) };
}

export function setFileContent(draft: ConfigDraft, id: string, content: string): ConfigDraft {
  return { ...draft, files: updateUser(draft.files, id, (file) => ({ ...file, content })) };
}

export function addVariable(draft: ConfigDraft): ConfigDraft {
  const variable: DraftVariable = {
    id: newId(draft, 'variable'),
    name: '',
    value: '',
    is_encrypted: false,
    type: 'user',
    app_id: draft.appId || null,
  };
  return { ...draft, variables: [...draft.variables, variable] };
}

/**
 * Renames a user variable and rewrites references to it in the user files (the only contents
 * saved). References are left alone when either name is not a valid identifier or another
 * variable still carries the old name (they still point at that one).
 */
export function renameVariable(draft: ConfigDraft, id: string, name: string): ConfigDraft {
  const variable = draft.variables.find((entry) => entry.id === id);
  if (!variable || variable.type !== 'user' || variable.name === name) return draft;
  const from = variable.name;
  const stillNamed = draft.variables.some((entry) => entry.id !== id && entry.name === from);
  const rewrite = isVariableName(from) && isVariableName(name) && !stillNamed;
  return {
    ...draft,
    variables: updateUser(draft.variables, id, (entry) => ({ ...entry, name })),
    files: rewrite
      ? draft.files.map((file) =>
          file.type === 'user'
            ? { ...file, content: rewriteVariableReferences(file.content, from, name) }
            : file,
        )
      : draft.files,
  };
}

export function setVariableValue(draft: ConfigDraft, id: string, value: string): ConfigDraft {
  return { ...draft, variables: updateUser(draft.variables, id, (variable) => ({ ...variable, value })) };
}

export type EntryKind = 'file' | 'variable';

const valueOf = (entry: DraftEntry) => ('content' in entry ? entry.content : entry.value);

/**
 * What toggling secret/public on an entry means: only user entries may toggle; making public an
 * entry whose stored value is the '<encrypted>' placeholder first needs the 'Confirm Decryption'
 * answer.
 */
export type SecretToggle = 'toggle' | 'confirm-decryption' | 'not-allowed';

export function secretToggleOf(entry: DraftEntry): SecretToggle {
  if (entry.type !== 'user') return 'not-allowed';
  return entry.is_encrypted && valueOf(entry) === ENCRYPTED_PLACEHOLDER ? 'confirm-decryption' : 'toggle';
}

/** Flips the flag; making public an '<encrypted>' placeholder erases the stored value. */
export function toggleSecret(draft: ConfigDraft, kind: EntryKind, id: string): ConfigDraft {
  const flip = <T extends DraftEntry>(entry: T, erase: Partial<T>): T =>
    entry.is_encrypted
      ? { ...entry, is_encrypted: false, ...(valueOf(entry) === ENCRYPTED_PLACEHOLDER ? erase : {}) }
      : { ...entry, is_encrypted: true };
  return kind === 'file'
    ? { ...draft, files: updateUser(draft.files, id, (file) => flip(file, { content: '' })) }
    : { ...draft, variables: updateUser(draft.variables, id, (variable) => flip(variable, { value: '' })) };
}

/** The '<encrypted>' placeholder only stands for a value stored under the original's id. */
const copiedValue = (value: string) => (value === ENCRYPTED_PLACEHOLDER ? '' : value);

/**
 * Copies an inherited file into a user file of the same filename and content, placed right after
 * it. Skipped when a user file of that name exists.
 */
export function overrideFile(draft: ConfigDraft, id: string): ConfigDraft {
  const index = draft.files.findIndex((file) => file.id === id);
  const original = draft.files[index];
  if (!original || original.type === 'user') return draft;
  if (draft.files.some((file) => file.type === 'user' && file.filename === original.filename)) return draft;
  const copy = {
    ...userFile(draft, original.filename, copiedValue(original.content)),
    is_encrypted: original.is_encrypted,
  };
  return { ...draft, files: draft.files.toSpliced(index + 1, 0, copy) };
}

/** Like `overrideFile` for variables; constants cannot be overridden. */
export function overrideVariable(draft: ConfigDraft, id: string): ConfigDraft {
  const index = draft.variables.findIndex((variable) => variable.id === id);
  const original = draft.variables[index];
  if (!original || original.type !== 'inherited') return draft;
  if (draft.variables.some((entry) => entry.type === 'user' && entry.name === original.name)) return draft;
  const copy: DraftVariable = {
    id: newId(draft, 'variable'),
    name: original.name,
    value: copiedValue(original.value),
    is_encrypted: original.is_encrypted,
    type: 'user',
    app_id: draft.appId || null,
  };
  return { ...draft, variables: draft.variables.toSpliced(index + 1, 0, copy) };
}

export function removeFile(draft: ConfigDraft, id: string): ConfigDraft {
  return { ...draft, files: draft.files.filter((file) => file.id !== id || file.type !== 'user') };
}

export function removeVariable(draft: ConfigDraft, id: string): ConfigDraft {
  return {
    ...draft,
    variables: draft.variables.filter((variable) => variable.id !== id || variable.type !== 'user'),
  };
}

/** 'Delete override': drops the user items shadowing the inherited item `originalId`. */
export function deleteOverride(draft: ConfigDraft, kind: EntryKind, originalId: string): ConfigDraft {
  if (kind === 'file') {
    const original = draft.files.find((file) => file.id === originalId && file.type !== 'user');
    if (!original) return draft;
    return {
      ...draft,
      files: draft.files.filter((file) => file.type !== 'user' || file.filename !== original.filename),
    };
  }
  const original = draft.variables.find((entry) => entry.id === originalId && entry.type === 'inherited');
  if (!original) return draft;
  return {
    ...draft,
    variables: draft.variables.filter((entry) => entry.type !== 'user' || entry.name !== original.name),
  };
}

/** Filenames of the files whose content refers to the variable `name`. */
export function filesReferencingVariable(draft: ConfigDraft, name: string): string[] {
  if (!name) return [];
  return draft.files
    .filter((file) => referencedVariables(file.content).has(name))
    .map((file) => file.filename);
}

/**
 * Removing a variable still referenced in a file asks for confirmation, unless it is a user
 * variable shadowed by a non-user variable of the same name (the references then keep a value).
 */
export function variableRemovalNeedsConfirmation(draft: ConfigDraft, id: string): boolean {
  const variable = draft.variables.find((entry) => entry.id === id);
  if (!variable) return false;
  const shadowed =
    variable.type === 'user' &&
    draft.variables.some((entry) => entry.type !== 'user' && entry.name === variable.name);
  return !shadowed && filesReferencingVariable(draft, variable.name).length > 0;
}
