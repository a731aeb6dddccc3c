/** A row of the authorisation matrix: one call, and the status each actor must get. */
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Fixture } from './fixtures.js';

export type Actor = 'signedOut' | 'outsider' | 'billing' | 'admin' | 'owner';
export const actors: Actor[] = ['signedOut', 'outsider', 'billing', 'admin', 'owner'];

export interface Case {
  name: string;
  business?: boolean;
  /** Runs on the fresh fixture before the call. */
  prepare?: (app: FastifyInstance, fixture: Fixture) => Promise<void>;
  request: (fixture: Fixture) => InjectOptions;
  expected: Record<Actor, number>;
  /** What a successful answer may show the actor although it is not theirs (their own invitation). */
  shows?: (fixture: Fixture) => string[];
}

export const post = (url: string, payload: object): InjectOptions => ({ method: 'POST', url, payload });
export const get = (url: string): InjectOptions => ({ method: 'GET', url });
export const ok = 200;
