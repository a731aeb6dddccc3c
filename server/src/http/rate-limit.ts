/**
 * A small fixed-window limiter per client address, for the sign-in and refresh endpoints
 * (one process; replicas each count their own). Answers 429 with the usual envelope.
 */
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error.js';

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
    if (count > limitPerWindow)
      throw new DomainError('RATE_LIMITED', 'Too many requests, please try again later');
  };
}
