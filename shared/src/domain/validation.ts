/**
 * Validation rules of spec section 5. Each rule returns the exact message of the first broken
 * rule, or null when the value is valid. The name rules the server and the agent apply too
 * (filename, variable name, app name, and the one rule for organization, server, network and
 * registry names) come from the contract package.
 */
import {
  appNameError,
  DisplayNames,
  displayNameError,
  hasHiddenCharacters,
  registryAddressError,
  type RuleResult,
} from 'contract/rules';

export {
  filenameError as validateFilename,
  variableNameError as validateVariableName,
  type VariableNameContext,
} from 'contract/rules';
export type ValidationResult = RuleResult;

export const ORGANIZATION_NAME_MAX_LENGTH = DisplayNames.organization.max;
export const SERVER_NAME_MIN_LENGTH = DisplayNames.server.min;
export const LOG_SEARCH_MIN_EXCLUSIVE = 2;

export interface AppNameContext {
  /** Names of the apps already on the server. */
  existingNames?: readonly string[];
  /** The app's own current name when renaming; it does not count as a clash. */
  currentName?: string;
}

export function validateAppName(name: string, context: AppNameContext = {}): ValidationResult {
  const error = appNameError(name);
  if (error) return error;
  const lower = name.trim().toLowerCase();
  const own = context.currentName?.trim().toLowerCase();
  const clash = (context.existingNames ?? []).some((existing) => {
    const other = existing.trim().toLowerCase();
    return other === lower && other !== own;
  });
  return clash ? 'An app with this name already exists' : null;
}

/** Rename is offered only for a non-empty name that differs from the current one and is valid. */
export function canRenameApp(nextName: string, currentName: string, error: ValidationResult): boolean {
  const trimmed = nextName.trim();
  return trimmed.length > 0 && trimmed !== currentName && error === null;
}

export function validateOrganizationName(name: string): ValidationResult {
  return displayNameError(name, DisplayNames.organization);
}

/** Server-side rule for rename-agent (spec section 5, "Server rename"). */
export function validateServerRename(
  serverId: string | null | undefined,
  name: string | null | undefined,
): ValidationResult {
  if (!serverId || !serverId.trim()) return 'Server ID is required';
  return displayNameError(name ?? '', DisplayNames.server);
}

export type ServerRenamePlan =
  { kind: 'error'; message: string } | { kind: 'unchanged' } | { kind: 'rename'; name: string };

/**
 * What the rename form does on Save: blocks an empty name, closes without a call when nothing
 * changed, otherwise renames (the server rule above still applies to the call).
 */
export function planServerRename(currentName: string, nextName: string): ServerRenamePlan {
  const trimmed = nextName.trim();
  if (!trimmed) return { kind: 'error', message: 'Server name cannot be empty' };
  if (trimmed === currentName.trim()) return { kind: 'unchanged' };
  const error = validateServerRename('x', trimmed);
  return error ? { kind: 'error', message: error } : { kind: 'rename', name: trimmed };
}

/** `host[:port][/path]`, as the server and the agent check it. */
export function validateRegistryAddress(address: string): ValidationResult {
  return registryAddressError(address);
}

export function validateNetworkName(name: string): ValidationResult {
  return displayNameError(name, DisplayNames.network);
}

export const DEFAULT_INVITE_ROLE = 'admin';
export const INVITE_ROLES = [DEFAULT_INVITE_ROLE] as const;

export function validateInviteEmail(email: string): ValidationResult {
  if (!email.trim()) return 'Email is required';
  return hasHiddenCharacters(email.trim()) ? 'Email address is not valid' : null;
}

/** The log search filters only with more than 2 characters. */
export function isLogSearchActive(term: string): boolean {
  return term.trim().length > LOG_SEARCH_MIN_EXCLUSIVE;
}

/** In a select control no item may have an empty value. */
export function hasEmptySelectValue(values: readonly string[]): boolean {
  return values.some((value) => value === '');
}
