/**
 * Name rules of spec section 5 (app names, filenames, variable names), for the dashboard's form
 * errors, the server's refusals and the agent's last check alike. Each rule returns the exact
 * message of the first broken rule, or null when the value is valid.
 */
export type RuleResult = string | null;

export const NameText = {
  appNameRequired: 'App name is required',
  appNameChars: 'App name must start with a letter and contain only letters, numbers, and hyphens',
  filenameRequired: 'Filename is required',
  filenameTraversal: 'Filename must not contain path traversal sequences ("..")',
  filenameChars:
    'Filename can only contain letters, numbers, hyphens, underscores, dots, and forward slashes ("/")',
  filenameAbsolute: 'Filename must be a relative path',
  variableRequired: 'Variable name is required',
  variableChars:
    'Variable name must start with a letter or underscore and contain only letters, numbers, and underscores',
  variableReserved: 'Variable names starting with underscore are reserved and cannot be created by users',
} as const;

const APP_NAME = /^[A-Za-z][A-Za-z0-9-]*$/;
const FILENAME_CHARS = /^[A-Za-z0-9_./-]+$/;
/** A variable name, as Compose reads it in `$NAME` and `${NAME}`. */
export const VARIABLE_NAME_SOURCE = '[A-Za-z_][A-Za-z0-9_]*';
const VARIABLE_NAME = new RegExp(`^${VARIABLE_NAME_SOURCE}$`);

/** The spec sets no length limit on app names (section 5 and 'Field limits'). */
export function appNameError(name: string): RuleResult {
  const trimmed = name.trim();
  if (!trimmed) return NameText.appNameRequired;
  return APP_NAME.test(trimmed) ? null : NameText.appNameChars;
}

/** Spec filename rules, then: a relative path (a file lives inside its app's folder). */
export function filenameError(filename: string): RuleResult {
  if (!filename.trim()) return NameText.filenameRequired;
  if (filename.split('/').includes('..')) return NameText.filenameTraversal;
  if (!FILENAME_CHARS.test(filename)) return NameText.filenameChars;
  return filename.startsWith('/') ? NameText.filenameAbsolute : null;
}

export function isVariableName(name: string): boolean {
  return VARIABLE_NAME.test(name);
}

export interface VariableNameContext {
  /** The variable is a user override of an inherited or constant variable. */
  isOverride?: boolean;
  /** A non-user variable with the same name exists (the reserved name is then allowed). */
  clashesWithNonUser?: boolean;
  /** Reserved names are allowed: the variable comes from a template or the server, not a user. */
  allowReserved?: boolean;
}

/** A user's variable name; names starting with '_' are reserved unless `context` allows them. */
export function variableNameError(name: string, context: VariableNameContext = {}): RuleResult {
  if (!name.trim()) return NameText.variableRequired;
  if (!isVariableName(name)) return NameText.variableChars;
  const reservedAllowed = context.allowReserved || context.isOverride || context.clashesWithNonUser;
  return name.startsWith('_') && !reservedAllowed ? NameText.variableReserved : null;
}
