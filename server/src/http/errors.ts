/** The edge's own refusals: requests refused before any area sees them. */
import { DomainError } from '../errors/domain-error.js';

export const edgeErrors = {
  /** CSRF: a cookie-carrying call from another site (see security.ts). */
  originNotAllowed: () => new DomainError('CSRF', 'Request origin not allowed'),
  rateLimited: () => new DomainError('RATE_LIMITED', 'Too many requests, please try again later'),
} as const;
