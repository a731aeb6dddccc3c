/**
 * A limit per client address on public endpoints (sign-in, refresh), answered 429 with the usual
 * envelope. The count is shared by every replica (limits/attempt-limiter.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { AttemptLimiter } from '../limits/attempt-limiter.js';
import { edgeErrors } from './errors.js';

export function limitPerAddress(limiter: AttemptLimiter): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    if (!(await limiter.hit(request.ip))) throw edgeErrors.rateLimited();
  };
}
