/** Validation rules of spec section 5 for apps, applied by the server before anything is stored. */
import { DomainError } from '../errors/domain-error.js';

export const ENCRYPTED_PLACEHOLDER = '<encrypted>';

const invalid = (code: string, message: string) => new DomainError(code, message);

export function validateAppName(name: unknown): string {
  if (typeof name !== 'string' || name.trim() === '')
    throw invalid('APP_NAME_REQUIRED', 'App name is required');
  const trimmed = name.trim();
  if (!/^[A-Za-z][A-Za-z0-9-]*$/.test(trimmed)) {
    throw invalid(
      'APP_NAME_INVALID',
      'App name must start with a letter and contain only letters, numbers, and hyphens',
    );
  }
  if (trimmed.length > 63) throw invalid('APP_NAME_LONG', 'App name must be 63 characters or less');
  return trimmed;
}

export function validateFilename(filename: unknown, index: number): string {
  const prefix = `File #${index + 1}: `;
  if (typeof filename !== 'string' || filename === '')
    throw invalid('APP_FILENAME', `${prefix}Filename is required`);
  if (filename.split('/').includes('..')) {
    throw invalid('APP_FILENAME', `${prefix}Filename must not contain path traversal sequences ("..")`);
  }
  if (!/^[A-Za-z0-9_./-]+$/.test(filename)) {
    throw invalid(
      'APP_FILENAME',
      `${prefix}Filename can only contain letters, numbers, hyphens, underscores, dots, and forward slashes ("/")`,
    );
  }
  if (filename.startsWith('/')) throw invalid('APP_FILENAME', `${prefix}Filename must be a relative path`);
  return filename;
}

export function validateVariableName(name: unknown, index: number): string {
  const prefix = `Variable #${index + 1}: `;
  if (typeof name !== 'string' || name === '')
    throw invalid('APP_VARIABLE', `${prefix}Variable name is required`);
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
    throw invalid(
      'APP_VARIABLE',
      `${prefix}Variable name must start with a letter or underscore and contain only letters, numbers, and underscores`,
    );
  }
  if (name.startsWith('_')) {
    throw invalid(
      'APP_VARIABLE',
      `${prefix}Variable names starting with underscore are reserved and cannot be created by users`,
    );
  }
  return name;
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
