/**
 * Which files and profiles Docker Compose runs an app with, by Compose's own rules: the canonical
 * file plus its override file, unless the app's COMPOSE_FILE names the files; COMPOSE_PROFILES
 * enables profiles. The agent turns the selection into `--file` / `--profile` arguments, the server
 * checks it before a deploy and shows it on the app page, the editor checks it while typing.
 */
import {
  COMPOSE_FILE_VARIABLE,
  COMPOSE_PROFILES_VARIABLE,
  COMPOSE_SELECTION_VARIABLES,
  filenameError,
  type RuleResult,
} from './names.js';

/** Compose's candidates, in its order of preference; the first present one is used. */
export const CANONICAL_COMPOSE_FILES: readonly string[] = [
  'compose.yaml',
  'compose.yml',
  'docker-compose.yaml',
  'docker-compose.yml',
];
export const OVERRIDE_COMPOSE_FILES: readonly string[] = [
  'compose.override.yaml',
  'compose.override.yml',
  'docker-compose.override.yaml',
  'docker-compose.override.yml',
];

/** COMPOSE_FILE separates paths with ':' (Compose's separator on Linux). */
const FILE_SEPARATOR = ':';
/** COMPOSE_PROFILES separates names with ','; a profile name as Compose accepts it. */
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

export interface ComposeSelection {
  /** Compose files in the order they are merged (paths relative to the app's folder). */
  files: string[];
  profiles: string[];
}

/** The part of a deployment variable the rule needs (secrets are ciphertext). */
export interface SelectionVariable {
  name: string;
  value: string;
  is_encrypted: boolean;
}

export const ComposeFilesText = {
  noComposeFile:
    'The app has no compose file: add compose.yaml, compose.yml, docker-compose.yaml or docker-compose.yml, or name the files in COMPOSE_FILE',
  notSecret: (name: string) =>
    `${name} cannot be a secret: Dockhand reads it to choose how Compose runs the app`,
  fileNotInApp: (file: string) => `COMPOSE_FILE names ${file}, which is not a file of this app`,
  filePath: (file: string, reason: string) => `COMPOSE_FILE names ${file}: ${reason}`,
  profileName: (profile: string) =>
    `COMPOSE_PROFILES names ${profile}, which is not a profile name (letters, digits, '_', '.' and '-')`,
} as const;

function entriesOf(value: string, separator: string): string[] {
  return value
    .split(separator)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** Without a COMPOSE_FILE: the first canonical file present, then the first override present. */
function defaultFiles(filenames: ReadonlySet<string>): string[] {
  const canonical = CANONICAL_COMPOSE_FILES.find((name) => filenames.has(name));
  if (!canonical) return [];
  const override = OVERRIDE_COMPOSE_FILES.find((name) => filenames.has(name));
  return override ? [canonical, override] : [canonical];
}

/** Why `value` of `name` (COMPOSE_FILE or COMPOSE_PROFILES) cannot choose among `filenames`, or null. */
export function composeVariableError(name: string, value: string, filenames: readonly string[]): RuleResult {
  if (name === COMPOSE_PROFILES_VARIABLE) {
    const bad = entriesOf(value, ',').find((profile) => profile !== '*' && !PROFILE_NAME.test(profile));
    return bad === undefined ? null : ComposeFilesText.profileName(bad);
  }
  if (name !== COMPOSE_FILE_VARIABLE) return null;
  const present = new Set(filenames);
  for (const file of entriesOf(value, FILE_SEPARATOR)) {
    const pathError = filenameError(file);
    if (pathError) return ComposeFilesText.filePath(file, pathError);
    if (!present.has(file)) return ComposeFilesText.fileNotInApp(file);
  }
  return null;
}

/** Why this variable cannot choose the files or profiles: a secret or a bad value (null for any other name). */
export function selectionVariableError(
  variable: SelectionVariable,
  filenames: readonly string[],
): RuleResult {
  if (!COMPOSE_SELECTION_VARIABLES.includes(variable.name)) return null;
  if (variable.is_encrypted) return ComposeFilesText.notSecret(variable.name);
  return composeVariableError(variable.name, variable.value, filenames);
}

/**
 * The files and profiles Compose runs with, or the first reason there are none: a secret
 * COMPOSE_FILE/COMPOSE_PROFILES, a COMPOSE_FILE naming a file the app lacks, no compose file.
 */
export function composeSelection(
  filenames: readonly string[],
  variables: readonly SelectionVariable[],
): { selection: ComposeSelection; error: null } | { selection: null; error: string } {
  const values: Record<string, string> = {};
  for (const variable of variables) {
    if (!COMPOSE_SELECTION_VARIABLES.includes(variable.name)) continue;
    const error = selectionVariableError(variable, filenames);
    if (error) return { selection: null, error };
    values[variable.name] = variable.value;
  }
  const named = entriesOf(values[COMPOSE_FILE_VARIABLE] ?? '', FILE_SEPARATOR);
  const files = named.length > 0 ? named : defaultFiles(new Set(filenames));
  if (files.length === 0) return { selection: null, error: ComposeFilesText.noComposeFile };
  const profiles = entriesOf(values[COMPOSE_PROFILES_VARIABLE] ?? '', ',');
  return { selection: { files, profiles }, error: null };
}

/** What the app page shows: the files and profiles in use, or why the app cannot run. */
export interface ComposeFilesInUse {
  files: string[];
  profiles: string[];
  error: string | null;
}

export function composeFilesInUse(
  filenames: readonly string[],
  variables: readonly SelectionVariable[],
): ComposeFilesInUse {
  const { selection, error } = composeSelection(filenames, variables);
  return selection ? { ...selection, error: null } : { files: [], profiles: [], error };
}
