/**
 * Reading request input without trusting it: every reader throws a DomainError 400 with a clear
 * message (the spec's text where one exists) instead of letting a wrong type reach a service.
 */
import { DomainError } from './errors.js';

export type Input = Record<string, unknown>;

export function invalidRequest(): DomainError {
  return new DomainError('INVALID_REQUEST', 'Invalid request', 400);
}

/** The JSON body (or query) as an object; arrays, strings and nothing at all are refused. */
export function inputObject(value: unknown): Input {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalidRequest();
  return value as Input;
}

/** A string field: undefined/null/'' → `missing` message; another type → 'Invalid request'. */
export function requiredString(input: Input, key: string, missing: string, maxLength = 255): string {
  const value = input[key];
  if (value === undefined || value === null) throw new DomainError('FIELD_REQUIRED', missing, 400);
  if (typeof value !== 'string') throw invalidRequest();
  const trimmed = value.trim();
  if (!trimmed) throw new DomainError('FIELD_REQUIRED', missing, 400);
  if (trimmed.length > maxLength) throw new DomainError('FIELD_TOO_LONG', `${key} is too long`, 400);
  return trimmed;
}

/** An id (uuid-like text). Numbers are accepted and read as text, since JSON clients differ. */
export function requiredId(input: Input, key: string, missing: string): string {
  const value = input[key];
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return requiredString(input, key, missing, 100);
}

export function optionalString(input: Input, key: string, maxLength = 255): string | undefined {
  const value = input[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw invalidRequest();
  if (value.length > maxLength) throw new DomainError('FIELD_TOO_LONG', `${key} is too long`, 400);
  return value.trim();
}
