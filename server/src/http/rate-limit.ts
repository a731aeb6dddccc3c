/**
 * A small fixed-window limiter per client address, for the sign-in and refresh endpoints
 * (one process; replicas each count their own). Answers 429 with the usual envelope.
 */
import type { FastifyRequest } from 'fastify';
import { edgeErrors } from './errors.js';

export function createRateLimiter(
  limitPerWindow: number,
  windowMs = 60_000,
): (request: FastifyRequest) => Promise<void> {
  const counts = new Map<string, number>();
  let windowStart = Date.now();
  return async (request) => {
    const now = Date.now();
    if (now - windowStart >= windowMs) {
      counts.clear();
      windowStart = now;
    }
    const count = (counts.get(request.ip) ?? 0) + 1;
    counts.set(request.ip, count);
    if (count > limitPerWindow) throw edgeErrors.rateLimited();
  };
}
