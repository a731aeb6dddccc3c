/**
 * Contract: the app context handed to every route registration, `register(app, context)`.
 * It is built once in `buildApp`; areas take what they need from it. `presence` is replaced by
 * the agent hub when it registers, so read it at call time.
 */
import type { FastifyInstance } from 'fastify';
import type { AgentPresence } from './agents/presence.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/connect.js';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.js';
import type { AccessTokens } from './auth/tokens.js';

export interface AppContext {
  readonly config: Config;
  readonly db: Kysely<Database>;
  readonly database: DatabaseHandle;
  /** Signs and verifies session access tokens (used by `requireUser`). */
  readonly tokens: AccessTokens;
  presence: AgentPresence;
}

export type RouteRegistration = (app: FastifyInstance, context: AppContext) => Promise<void> | void;
