import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/**
 * Serves the built dashboard: the host shell, released remotes under versioned paths, and the
 * remotes manifest. (Foundation issue: filled in by the Module Federation work.)
 */
export async function registerDashboard(app: FastifyInstance, config: Config): Promise<void> {
  app.get('/healthz', async () => ({ success: true, message: 'ok', data: { mode: config.mode } }));
}
