/** Validation rules of spec section 5 for apps, applied by the server before anything is stored. */
import {
  appNameError,
  appSizeError,
  secretPlaintextBytes,
  textBytes,
  composeSelection,
  DisplayNames,
  filenameError,
  NameText,
  variableNameError,
  type AppDeployment,
} from 'contract';
import { validDisplayName } from '../errors/display-name.js';
import type { AppFileRow } from './app-store.js';
import { DomainError } from '../errors/domain-error.js';

const invalid = (code: string, message: string) => new DomainError(code, message);

/** Spec section 5 app-name rule (the contract's); returns the trimmed name. */
export function validateAppName(name: unknown): string {
  const text = typeof name === 'string' ? name : '';
  const error = appNameError(text);
  if (error)
    throw invalid(error === NameText.appNameRequired ? 'APP_NAME_REQUIRED' : 'APP_NAME_INVALID', error);
  return text.trim();
}

/** An app's icon name: the contract's name rule; left out or empty keeps `fallback`. */
export function validateIcon(value: unknown, fallback: string): string {
  if (value === undefined || value === null || value === '') return fallback;
  return validDisplayName(value, DisplayNames.appIcon, (message) => invalid('APP_ICON_INVALID', message));
}

/** Longest filename quoted in a refusal; a longer one is cut, so the message stays readable. */
const LABEL_FILENAME_MAX = 120;

/**
 * How a refusal names a file: by its name ('File config/../x'), which a request from an API
 * client or an upload of many files makes findable; 'File #N' only when it has none.
 */
export function fileLabel(filename: unknown, index: number): string {
  const text = typeof filename === 'string' ? filename.trim() : '';
  if (!text) return `File #${index + 1}`;
  return `File ${text.length > LABEL_FILENAME_MAX ? `${text.slice(0, LABEL_FILENAME_MAX)}…` : text}`;
}

/** The contract's filename rule, its message prefixed with the file's name (fileLabel). */
export function validateFilename(filename: unknown, index: number): string {
  const text = typeof filename === 'string' ? filename : '';
  const error = filenameError(text);
  if (error) throw invalid('APP_FILENAME', `${fileLabel(text, index)}: ${error}`);
  return text;
}

/** The contract's variable-name rule for a user's variable, prefixed 'Variable #N: '. */
export function validateVariableName(name: unknown, index: number): string {
  const text = typeof name === 'string' ? name : '';
  const error = variableNameError(text);
  if (error) throw invalid('APP_VARIABLE', `Variable #${index + 1}: ${error}`);
  return text;
}

/**
 * The files and profiles Compose will run with (the contract's rule: canonical file and override,
 * COMPOSE_FILE, COMPOSE_PROFILES): refused here, by name, before anything is sent to the agent.
 */
export function validateComposeSelection(deployment: AppDeployment): void {
  const filenames = deployment.files.map((file) => file.filename);
  const { error } = composeSelection(filenames, deployment.variables);
  if (error) throw invalid('APP_COMPOSE_FILES', error);
}

/** The contract's size limits over the app's own files (a secret counts by its plaintext). */
export function validateAppSize(files: readonly AppFileRow[]): void {
  const error = appSizeError(
    files.map((file) => ({
      filename: file.filename,
      bytes:
        file.is_encrypted === 1
          ? (secretPlaintextBytes(file.content) ?? file.content.length)
          : textBytes(file.content),
    })),
  );
  if (error) throw invalid('APP_TOO_LARGE', error);
}

export function optionalText(value: unknown, fallback: string | null, max = 1000): string | null {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string' || value.length > max) throw invalid('INVALID_REQUEST', 'Invalid request');
  return value;
}

export function validateColor(value: unknown, fallback: string): string {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value !== 'string' || !/^#[0-9A-Fa-f]{3,8}$/.test(value))
    throw invalid('APP_COLOR', 'Color must be a hex string such as #3B82F6');
  return value;
}

/** Compose project names allow lowercase letters, digits, '-' and '_'; fixed at creation. */
export function projectNameFor(appName: string, appId: string): string {
  return `${appName.toLowerCase().slice(0, 50)}-${appId.replace(/-/g, '').slice(0, 8)}`;
}
