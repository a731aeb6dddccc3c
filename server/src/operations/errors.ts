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
  /** Which process stopped in the middle: the server (restart) or the agent (stopped, or its connection). */
  interrupted: (by: 'server' | 'agent') =>
    new DomainError(
      'OPERATION_INTERRUPTED',
      by === 'server'
        ? 'The server restarted before this operation finished; it was rolled back. Please try again.'
        : 'The agent stopped before this operation finished; it was rolled back. Please try again.',
    ),
  outcomeUnknown: () =>
    new DomainError(
      'OPERATION_OUTCOME_UNKNOWN',
      'The agent went offline during this operation; it is finished or rolled back when the agent reconnects.',
    ),
} as const;
