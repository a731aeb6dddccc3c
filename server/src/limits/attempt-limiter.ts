/**
 * Attempt limits (sign-in, pairing): a fixed number of attempts per key in a window. On
 * PostgreSQL the counts live in the database, so every replica sees the same count; on SQLite,
 * which serves one process, in memory. rate-limiter-flexible does the counting; when PostgreSQL
 * does not answer, each replica falls back to its own memory count rather than failing the call.
 */
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { DatabaseHandle } from '../db/connect.js';

export interface AttemptLimit {
  /** Tells this limit's keys apart from other limits' in the shared table. */
  name: string;
  attempts: number;
  windowMs: number;
}

export interface AttemptLimiter {
  /** Counts one attempt; false once the key is over its limit. */
  hit(key: string): Promise<boolean>;
  /** Gives back one attempt the key counted (an attempt that turned out well). */
  refund(key: string): Promise<void>;
  /** Seconds until the key may try again when it has used up its attempts, else 0 (counts none). */
  retryAfterSeconds(key: string): Promise<number>;
}

export function createAttemptLimiter(database: DatabaseHandle, limit: AttemptLimit): AttemptLimiter {
  const options = {
    keyPrefix: limit.name,
    points: limit.attempts,
    duration: Math.ceil(limit.windowMs / 1000),
  };
  const inMemory = new RateLimiterMemory(options);
  const counter: RateLimiterAbstract = database.pgPool
    ? new RateLimiterPostgres({
        ...options,
        storeClient: database.pgPool,
        storeType: 'pool',
        tableName: 'attempt_limits',
        tableCreated: true, // by migration 104
        insuranceLimiter: inMemory,
      })
    : inMemory;
  return {
    hit: async (key) => {
      try {
        await counter.consume(key);
        return true;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return false;
        throw rejection;
      }
    },
    refund: async (key) => {
      await counter.reward(key, 1);
    },
    retryAfterSeconds: async (key) => {
      const state = await counter.get(key);
      if (!state || state.consumedPoints < limit.attempts) return 0;
      return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
    },
  };
}
