import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { registerDashboard } from './dashboard/static.js';
import { registerErrorHandler } from './http/errors.js';

/** Builds the whole HTTP app without listening, so tests can use `app.inject()`. */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.mode === 'production' ? true : { level: process.env.LOG_LEVEL ?? 'warn' },
    bodyLimit: 1024 * 1024,
  });
  registerErrorHandler(app);
  await registerDashboard(app, config);
  return app;
}
