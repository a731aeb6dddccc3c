/**
 * Name rules of spec section 5 (app names, filenames, variable names) and the one rule for every
 * other name a user sees (organization, server, icon, registry address), for the dashboard's form
 * errors, the server's refusals and the agent's last check alike. Each rule returns the exact
 * message of the first broken rule, or null when the value is valid.
 */
export type RuleResult = string | null;

/**
 * The spec sets no limit on app names; 63 is a DNS label's limit, which a name of letters, digits
 * and hyphens is meant to fit (hostnames, compose project names).
 */
export const APP_NAME_MAX = 63;

export const NameText = {
  appNameRequired: 'App name is required',
  appNameChars: 'App name must start with a letter and contain only letters, numbers, and hyphens',
  appNameTooLong: `App name must be ${APP_NAME_MAX} characters or less`,
  filenameRequired: 'Filename is required',
  filenameTraversal: 'Filename must not contain path traversal sequences ("..")',
  filenameChars:
    'Filename can only contain letters, numbers, hyphens, underscores, dots, and forward slashes ("/")',
  filenameAbsolute: 'Filename must be a relative path',
  variableRequired: 'Variable name is required',
  variableChars:
    'Variable name must start with a letter or underscore and contain only letters, numbers, and underscores',
  variableReserved: 'Variable names starting with underscore are reserved and cannot be created by users',
  variableSteersCompose: (name: string) =>
    `Variable ${name} is not allowed: names starting with COMPOSE_ or DOCKER_ would change how Docker Compose runs the app`,
} as const;

const APP_NAME = /^[A-Za-z][A-Za-z0-9-]*$/;
const FILENAME_CHARS = /^[A-Za-z0-9_./-]+$/;
/** A variable name, as Compose reads it in `$NAME` and `${NAME}`. */
export const VARIABLE_NAME_SOURCE = '[A-Za-z_][A-Za-z0-9_]*';
const VARIABLE_NAME = new RegExp(`^${VARIABLE_NAME_SOURCE}$`);

/** Spec section 5's app-name rule, then our length cap (the spec sets none). */
export function appNameError(name: string): RuleResult {
  const trimmed = name.trim();
  if (!trimmed) return NameText.appNameRequired;
  if (!APP_NAME.test(trimmed)) return NameText.appNameChars;
  return trimmed.length > APP_NAME_MAX ? NameText.appNameTooLong : null;
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

/**
 * Names Docker Compose and the Docker CLI read from the env file the agent passes with
 * `--env-file` ({app}/compose.env): COMPOSE_PROJECT_NAME, DOCKER_HOST, DOCKER_CONFIG, ... would
 * steer the agent's own compose process, not the app. Refused in any letter case and in every
 * context, templates included.
 */
const STEERS_COMPOSE = /^(COMPOSE|DOCKER)_/i;
export const COMPOSE_FILE_VARIABLE = 'COMPOSE_FILE';
export const COMPOSE_PROFILES_VARIABLE = 'COMPOSE_PROFILES';
/**
 * The exceptions, spelled exactly so: the agent reads them and turns them into `--file` and
 * `--profile` arguments (see compose-files.ts); they never reach Compose's environment.
 */
export const COMPOSE_SELECTION_VARIABLES: readonly string[] = [
  COMPOSE_FILE_VARIABLE,
  COMPOSE_PROFILES_VARIABLE,
];

/** A user's variable name; names starting with '_' are reserved unless `context` allows them. */
export function variableNameError(name: string, context: VariableNameContext = {}): RuleResult {
  if (!name.trim()) return NameText.variableRequired;
  if (!isVariableName(name)) return NameText.variableChars;
  if (STEERS_COMPOSE.test(name) && !COMPOSE_SELECTION_VARIABLES.includes(name))
    return NameText.variableSteersCompose(name);
  const reservedAllowed = context.allowReserved || context.isOverride || context.clashesWithNonUser;
  return name.startsWith('_') && !reservedAllowed ? NameText.variableReserved : null;
}

/** A user-visible name: what the user calls it in messages, and its length limits. */
export interface DisplayNameRule {
  label: string;
  max: number;
  min?: number;
}

/** The names of spec section 5 with their limits; the texts follow the spec where it has them. */
export const DisplayNames = {
  organization: { label: 'Organization name', max: 255 },
  server: { label: 'Server name', max: 255, min: 3 },
  /** An app's icon is a name from the dashboard's icon set (or a template's). */
  appIcon: { label: 'Icon', max: 100 },
  network: { label: 'Network name', max: 255 },
} as const satisfies Record<string, DisplayNameRule>;

/**
 * Characters no name may hold: controls (Cc: NUL, CR, LF, ...), format characters (Cf: bidi
 * overrides, zero-width joiners, ...), lone surrogates (Cs) and line/paragraph separators. They
 * render invisibly or reorder what the reader sees, and break logs and headers.
 */
const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;
const HIDDEN_CHARACTERS_ALL = new RegExp(HIDDEN_CHARACTERS.source, 'gu');

/** The stored form of a name: NFC (one spelling per visible text), without outer blanks. */
export function normalizeName(value: string): string {
  return value.normalize('NFC').trim();
}

export function hasHiddenCharacters(value: string): boolean {
  return HIDDEN_CHARACTERS.test(value);
}

/** A stored name made clean: hidden characters removed, normalised, cut to `max` (for old rows). */
export function cleanName(value: string, max: number): string {
  return normalizeName([...normalizeName(value.replace(HIDDEN_CHARACTERS_ALL, ''))].slice(0, max).join(''));
}

/** Length as the reader counts it: code points, not UTF-16 units. */
function nameLength(value: string): number {
  return [...value].length;
}

/** The texts of the name rule (the spec's, e.g. 'Organization name must be 255 characters or less'). */
export const DisplayNameText = {
  required: (rule: DisplayNameRule) => `${rule.label} is required`,
  hiddenCharacters: (rule: DisplayNameRule) =>
    `${rule.label} must not contain control characters or invisible formatting characters`,
  tooShort: (rule: DisplayNameRule) => `${rule.label} must have at least ${rule.min} characters`,
  tooLong: (rule: DisplayNameRule) => `${rule.label} must be ${rule.max} characters or less`,
} as const;

/** The one rule for a user-visible name: required, no hidden characters, within the limits (after NFC and trim). */
export function displayNameError(value: string, rule: DisplayNameRule): RuleResult {
  const name = normalizeName(value);
  if (!name) return DisplayNameText.required(rule);
  if (hasHiddenCharacters(name)) return DisplayNameText.hiddenCharacters(rule);
  const length = nameLength(name);
  if (rule.min !== undefined && length < rule.min) return DisplayNameText.tooShort(rule);
  return length > rule.max ? DisplayNameText.tooLong(rule) : null;
}

export const REGISTRY_ADDRESS_MAX = 255;
const HOST_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/** `host[:port][/path]`: a DNS name or IPv4 address, or an IPv6 address in brackets. */
const REGISTRY_ADDRESS = new RegExp(
  `^(?:${HOST_LABEL}(?:\\.${HOST_LABEL})*|\\[[0-9A-Fa-f:.]+\\])(?::([0-9]{1,5}))?(?:/[A-Za-z0-9._-]+)*/?$`,
);

export const RegistryText = {
  addressRequired: 'Address is required',
  addressTooLong: `Address must be ${REGISTRY_ADDRESS_MAX} characters or less`,
  addressInvalid:
    'Address must be a registry host with an optional port and path, such as registry.example.com:5000',
} as const;

/** A Docker registry address (spec section 5: required), as `docker login` takes it, without a scheme. */
export function registryAddressError(value: string): RuleResult {
  const address = value.trim();
  if (!address) return RegistryText.addressRequired;
  if (address.length > REGISTRY_ADDRESS_MAX) return RegistryText.addressTooLong;
  const match = REGISTRY_ADDRESS.exec(address);
  if (!match) return RegistryText.addressInvalid;
  const port = match[1];
  return port !== undefined && (Number(port) < 1 || Number(port) > 65535)
    ? RegistryText.addressInvalid
    : null;
}
