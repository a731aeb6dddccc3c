/**
 * A failure a user can act on. Services throw these and know nothing of HTTP: `code` is stable
 * (logs, tests, and the edge's status table in `http/error-statuses.ts`), `message` is the exact
 * user-facing text of the spec. Each area keeps its codes and texts in its own `errors.ts`.
 */
export class DomainError extends Error {
  /** The recorded app operation this failure ended (its deploy history entry), once recorded. */
  operationId?: string;
  /** Seconds before the same request may succeed (a spent limit), sent as Retry-After. */
  retryAfterSeconds?: number;

  constructor(
    readonly code: string,
    message: string,
    /** What the agent's compose printed before it failed (kept in the deploy history). */
    readonly output?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** The generic refusal of input that is not what an endpoint takes. */
export function invalidRequest(): DomainError {
  return new DomainError('INVALID_REQUEST', 'Invalid request');
}
