/**
 * The API as OpenAPI 3, generated from the route schemas: `GET /api/docs` (JSON). Only the API
 * (`/api/`, `/auth/`) is described; pages, downloads and the agent socket are left out.
 */
import type { SwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { publicRoute } from './access.js';

const DOCUMENTED = ['/api/v1/', '/auth/user', '/auth/refresh', '/auth/logout'];

export function swaggerOptions(config: Config): SwaggerOptions {
  return {
    openapi: {
      info: { title: 'Dockhand API', version: '1' },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'access_token' },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      const documented = DOCUMENTED.some((prefix) => url.startsWith(prefix));
      const auth = route.config?.auth;
      const security: Array<Record<string, string[]>> | undefined =
        auth && auth.kind !== 'public' ? [{ bearer: [] }, { cookie: [] }] : undefined;
      return {
        url,
        schema: documented ? { ...schema, ...(security ? { security } : {}) } : { ...schema, hide: true },
      };
    },
  };
}

export function registerApiDocs(app: FastifyInstance): void {
  app.get('/api/docs', { config: { auth: publicRoute }, schema: { hide: true } }, async () => app.swagger());
}
