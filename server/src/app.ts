/**
 * Builds the whole HTTP app without listening, so tests can use `app.inject()`. This is the one
 * place where the app is assembled: the edge (errors, security, access, schemas, OpenAPI), then
 * each area's routes with the services they call.
 */
import { SizeLimits } from 'contract';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { AgentReleaseService } from './agent-releases/release-service.js';
import { registerAgentReleaseRoutes } from './agent-releases/routes.js';
import { AgentService } from './agents/agent-service.js';
import { noAgentsOnline } from './hub/presence.js';
import { registerAgentRoutes } from './agents/routes.js';
import { AppInventoryService } from './apps/app-inventory-service.js';
import { saveAppStatuses } from './apps/app-store.js';
import { registerAppRoutes } from './apps/routes.js';
import { registerHistoryRoutes } from './apps/history-routes.js';
import { registerDevIdentityProvider } from './auth/dev-idp.js';
import { registerAuthRoutes } from './auth/routes.js';
import { loadOrCreateSecret } from './auth/secrets.js';
import { createAccessTokens } from './auth/tokens.js';
import { SessionCache } from './auth/session-cache.js';
import { registerBillingRoutes } from './billing/routes.js';
import { registerCatalogAssets } from './catalog/assets.js';
import { registerCatalogRoutes } from './catalog/routes.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { registerDashboard } from './dashboard/static.js';
import { openDatabase } from './db/connect.js';
import { listen } from './db/listener.js';
import { ReadCache } from './db/read-cache.js';
import { registerAccess } from './http/access.js';
import { registerApiDocs, swaggerOptions } from './http/api-docs.js';
import { registerErrorHandler } from './http/error-handler.js';
import { requestLogSerializers } from './http/log-redaction.js';
import { lazyRequestLogger } from './http/request-logger.js';
import { refusalKeywords } from './http/schemas.js';
import { mayChangeState, registerSecurity } from './http/security.js';
import { registerWebSocketRoute } from './http/websocket-route.js';
import { AgentHub } from './hub/agent-hub.js';
import { registerInstallRoutes } from './hub/install-routes.js';
import { NetworkService } from './networks/network-service.js';
import { registerNetworkRoutes } from './networks/routes.js';
import { registerVolumeRoutes } from './volumes/routes.js';
import { VolumeService } from './volumes/volume-service.js';
import { OperationLog } from './operations/operation-log.js';
import { registerDeployProgressRoutes } from './apps/deploy-progress-routes.js';
import { joinReplicas } from './replicas/replica-routes.js';
import { registerOrganizationRoutes } from './organizations/routes.js';
import { RegistryService } from './registries/registry-service.js';
import { registerRegistryRoutes } from './registries/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    dockhand: AppContext;
  }
}

/**
 * How often a replica looks for pending operations of dead replicas on the agents it holds: with a
 * 9 s lease, one is settled at most about 15 s after its replica was killed.
 */
const ORPHAN_SWEEP_MS = 5_000;

export interface BuildOptions {
  /** Where the request log goes (stdout by default); tests read it to see what was logged. */
  logStream?: { write(line: string): void };
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // On PostgreSQL, how this replica hears what every replica commits (db/listener.ts).
  const changes = config.databaseUrl ? listen(config.databaseUrl, database.db) : null;
  const context: AppContext = {
    config,
    db: database.db,
    database,
    tokens: await createAccessTokens(config, database.db),
    sessions: new SessionCache(changes),
    reads: new ReadCache(database, changes),
    presence: noAgentsOnline,
  };
  const app = Fastify({
    logger: { level: config.logLevel, serializers: requestLogSerializers, stream: options.logStream },
    childLoggerFactory: lazyRequestLogger,
    // An app at the contract's size limits fits; a larger body is refused with the limits stated.
    bodyLimit: SizeLimits.requestBytes,
    trustProxy: config.trustProxy,
    // Input is checked as sent: no type coercion (a number is not a name); refusal texts ride on fields.
    ajv: { customOptions: { coerceTypes: false, keywords: [...refusalKeywords] } },
  });
  app.decorate('dockhand', context);
  app.addHook('onClose', async () => {
    context.reads.close();
    await changes?.close();
    await database.close();
  });
  if (changes) {
    // Read your own writes: a state-changing call answers once this replica has heard what it
    // committed, so the caller's next read here does not get a cached answer from before it.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (!mayChangeState(request)) return done(null, payload);
      void changes.sync().then(() => done(null, payload));
    });
  }

  // The edge.
  registerErrorHandler(app);
  // Signs the short-lived cookie that carries a sign-in's state, nonce and PKCE verifier.
  await app.register(cookie, { secret: await loadOrCreateSecret(database.db, 'cookie_signing_key') });
  // In this order: both put their checks first among a route's hooks, so a route's cross-site
  // refusal (security) comes before its authentication (access).
  registerAccess(app);
  registerSecurity(app, config);
  await app.register(swagger, swaggerOptions(config));

  // The agent hub: agents connect at /agent/connect and become the app's presence.
  let inventory: AppInventoryService | null = null;
  const hub = new AgentHub(context.db, database.engine, config.agentHub, {
    onAppStatus: (agentId, apps) => saveAppStatuses(context.db, agentId, apps),
    // Reconciling must not cut the agent's connection when it fails: it runs again on the next report.
    onInventory: async (agentId, held) =>
      inventory
        ?.onInventory(agentId, held)
        .catch((error: Error) => app.log.warn(`reconciling agent ${agentId} failed: ${error.message}`)),
    log: (message) => app.log.warn(message),
  });
  context.presence = hub;
  app.addHook('onClose', async () => hub.close());
  // SQLite serves one process; on PostgreSQL this process is one replica among any number.
  const replicaId = database.engine === 'postgres' ? await joinReplicas(app, context, hub) : null;
  // Bounded before authentication too: the largest legitimate frame is a logs answer (≤ 2000 lines).
  registerWebSocketRoute(app, '/agent/connect', { maxPayload: 16 * 1024 * 1024 }, (socket, request) =>
    hub.accept(socket, request.ip),
  );

  // The areas.
  await registerDashboard(app, config);
  registerCatalogAssets(app, config);
  await registerDevIdentityProvider(app, config, context.db);
  registerAuthRoutes(app, context);
  registerOrganizationRoutes(app, context);
  await registerBillingRoutes(app, context);
  const operations = new OperationLog(context.db, (message) => app.log.warn(message), replicaId);
  void operations.prune().catch(() => undefined);
  const apps = { context, hub, operations };
  inventory = new AppInventoryService(apps, (message) => app.log.warn(message));
  if (replicaId) {
    const sweep = setInterval(() => {
      void inventory
        ?.settleOrphaned()
        .catch((error: Error) =>
          app.log.warn(`settling a dead replica's operations failed: ${error.message}`),
        );
    }, ORPHAN_SWEEP_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  }
  registerAgentRoutes(app, new AgentService(context, hub));
  registerAgentReleaseRoutes(app, new AgentReleaseService(context, hub, (m) => app.log.warn(m)));
  registerAppRoutes(app, apps, inventory);
  registerHistoryRoutes(app, apps);
  registerDeployProgressRoutes(app, apps);
  registerCatalogRoutes(app, context, apps);
  registerRegistryRoutes(app, new RegistryService(context, hub));
  registerNetworkRoutes(app, new NetworkService(context, hub));
  registerVolumeRoutes(app, new VolumeService(context, hub));
  registerInstallRoutes(app, context);
  registerApiDocs(app);
  return app;
}
