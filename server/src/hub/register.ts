import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { AgentReleaseService } from '../agent-releases/release-service.js';
import { registerAgentReleaseRoutes } from '../agent-releases/routes.js';
import { AgentService } from '../agents/agent-service.js';
import { registerAgentRoutes } from '../agents/routes.js';
import { AppService } from '../apps/app-service.js';
import { saveAppStatuses } from '../apps/app-store.js';
import { registerAppRoutes } from '../apps/routes.js';
import { registerCatalogRoutes } from '../catalog/routes.js';
import type { AppContext } from '../context.js';
import { registerNetworkRoutes } from '../networks/routes.js';
import { registerRegistryRoutes } from '../registries/routes.js';
import { AgentHub } from './agent-hub.js';
import { registerInstallRoutes } from './install-routes.js';

/**
 * Everything agent-facing: the WebSocket hub at /agent/connect (which becomes the app's
 * presence), the Agents/Apps/Catalog/Registries/Networks API and /install.sh with downloads.
 */
export async function registerAgentAreas(app: FastifyInstance, context: AppContext): Promise<AgentHub> {
  const hub = new AgentHub(context.db, context.config.agentHub, {
    onAppStatus: (agentId, apps) => saveAppStatuses(context.db, agentId, apps),
    log: (message) => app.log.warn(message),
  });
  context.presence = hub;
  app.addHook('onClose', async () => hub.close());
  // Bounded before authentication too: the largest legitimate frame is a logs answer (≤ 2000 lines).
  await app.register(websocket, { options: { maxPayload: 16 * 1024 * 1024 } });
  app.get('/agent/connect', { websocket: true }, (socket) => hub.accept(socket));

  const apps = new AppService(context, hub);
  registerAgentRoutes(app, new AgentService(context, hub));
  registerAgentReleaseRoutes(app, context, new AgentReleaseService(context, hub, (m) => app.log.warn(m)));
  registerAppRoutes(app, context, apps);
  registerCatalogRoutes(app, context, apps);
  registerRegistryRoutes(app, context, hub);
  registerNetworkRoutes(app, context, hub);
  registerInstallRoutes(app, context);
  return hub;
}
