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
  /** Whether the key has used up its attempts, without counting one. */
  isOver(key: string): Promise<boolean>;
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
    isOver: async (key) => ((await counter.get(key))?.consumedPoints ?? 0) >= limit.attempts,
  };
}
