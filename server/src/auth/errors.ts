/** The auth area's error catalogue: sessions and sign-in (spec section 7, Authentication). */
import { DomainError } from '../errors/domain-error.js';

const NOT_AUTHENTICATED = 'Not authenticated';

export const authErrors = {
  /** No access token, or one that names no live session. */
  notAuthenticated: () => new DomainError('AUTH_REQUIRED', NOT_AUTHENTICATED),
  /** A refresh token that is missing, expired, revoked or replayed. */
  sessionExpired: () => new DomainError('SESSION_EXPIRED', NOT_AUTHENTICATED),
  emailMissing: () =>
    new DomainError('IDENTITY_EMAIL_MISSING', 'The identity provider did not return an email address'),
} as const;
