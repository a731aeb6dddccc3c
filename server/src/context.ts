/**
 * Contract: the app context handed to every route registration, `register(app, context)`.
 * It is built once in `buildApp`; areas take what they need from it. `presence` is replaced by
 * the agent hub in app.ts, so read it at call time.
 */
import type { AgentPresence } from './hub/presence.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/connect.js';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.js';
import type { AccessTokens } from './auth/tokens.js';
import type { SessionCache } from './auth/session-cache.js';
import type { ReadCache } from './db/read-cache.js';

export interface AppContext {
  readonly config: Config;
  readonly db: Kysely<Database>;
  readonly database: DatabaseHandle;
  /** Signs and verifies session access tokens (used by the access plugin, http/access.ts). */
  readonly tokens: AccessTokens;
  /** Live sessions this process remembers; whatever ends one goes through it (auth/session-cache.ts). */
  readonly sessions: SessionCache;
  /** The hot lists remembered in this process (db/read-cache.ts); access revocations wait on it. */
  readonly reads: ReadCache;
  presence: AgentPresence;
}
