/** The operations area's error catalogue (idempotent retries, issue 15). */
import { DomainError } from '../errors/domain-error.js';

export const operationErrors = {
  inProgress: () =>
    new DomainError('OPERATION_IN_PROGRESS', 'This operation is still running. Try again in a moment.'),
  keyReused: () =>
    new DomainError('OPERATION_KEY_REUSED', 'This Idempotency-Key was already used for another request'),
  keyInvalid: () =>
    new DomainError(
      'OPERATION_KEY_INVALID',
      'Idempotency-Key must be 1 to 100 letters, digits or the characters - _ . :',
    ),
  interrupted: () =>
    new DomainError(
      'OPERATION_INTERRUPTED',
      'The server restarted before this operation finished; it was rolled back. Please try again.',
    ),
} as const;
