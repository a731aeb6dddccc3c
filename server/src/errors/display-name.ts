/**
 * The contract's one rule for user-visible names, applied by services: the stored form is the
 * normalised one (NFC, trimmed); a refusal carries the rule's text under the area's code.
 */
import { displayNameError, normalizeName, type DisplayNameRule } from 'contract';
import { invalidRequest, type DomainError } from './domain-error.js';

export function validDisplayName(
  value: unknown,
  rule: DisplayNameRule,
  refuse: (message: string) => DomainError,
): string {
  if (value !== undefined && value !== null && typeof value !== 'string') throw invalidRequest();
  const error = displayNameError(value ?? '', rule);
  if (error) throw refuse(error);
  return normalizeName(value ?? '');
}
