import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { noAgentsOnline } from './agents/presence.js';
import { registerBillingRoutes } from './billing/routes.js';
import { registerDevIdentityProvider } from './auth/dev-idp.js';
import { registerAuthRoutes } from './auth/routes.js';
import { loadOrCreateSecret } from './auth/secrets.js';
import { createAccessTokens } from './auth/tokens.js';
import { registerCatalogAssets } from './catalog/assets.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { registerDashboard } from './dashboard/static.js';
import { openDatabase } from './db/connect.js';
import { registerErrorHandler } from './http/errors.js';
import { requestLogSerializers } from './http/log-redaction.js';
import { registerSecurity } from './http/security.js';
import { registerAgentAreas } from './hub/register.js';
import { registerOrganizationRoutes } from './organizations/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    dockhand: AppContext;
  }
}

/** Builds the whole HTTP app without listening, so tests can use `app.inject()`. */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const context: AppContext = {
    config,
    db: database.db,
    database,
    tokens: await createAccessTokens(config, database.db),
    presence: noAgentsOnline,
  };
  const app = Fastify({
    logger: {
      level: config.mode === 'production' ? 'info' : (process.env.LOG_LEVEL ?? 'warn'),
      serializers: requestLogSerializers,
    },
    bodyLimit: 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY === '1',
  });
  app.decorate('dockhand', context);
  app.decorateRequest('sessionUser', null);
  app.addHook('onClose', () => database.close());
  registerErrorHandler(app);
  // Signs the short-lived cookie that carries a sign-in's state, nonce and PKCE verifier.
  await app.register(cookie, { secret: await loadOrCreateSecret(database.db, 'cookie_signing_key') });
  registerSecurity(app, config);
  await registerDashboard(app, config);
  registerCatalogAssets(app, config);
  await registerDevIdentityProvider(app, config);
  registerAuthRoutes(app, context);
  registerOrganizationRoutes(app, context);
  await registerBillingRoutes(app, context);
  await registerAgentAreas(app, context);
  return app;
}
