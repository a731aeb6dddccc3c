/** Why an API call failed; the message is always the user-facing text of spec section 8. */
export type ApiErrorKind = 'not-authenticated' | 'http' | 'rejected' | 'invalid-response' | 'network';

/** The one error type every API call throws. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    /** HTTP status when the server answered. */
    readonly status?: number,
    /** A failed deploy's entry in the app's deploy history (the server's `operation_id`). */
    readonly operationId?: string,
  ) {
    super(message);
  }
}

export const NOT_AUTHENTICATED = 'Not authenticated';
export const INVALID_RESPONSE = 'Invalid response';

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
