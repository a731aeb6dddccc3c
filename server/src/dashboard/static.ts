import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { dashboardErrors } from './errors.js';
import { cacheControlFor, NO_STORE } from './cache-policy.js';
import { registerImmutableFiles } from './immutable-files.js';
import { preloadLinkHeader, readPreloadManifest } from './preload.js';

/** This server's release, shown in the dashboard's About dialog (read once; src and dist sit two below package.json). */
const SERVER_VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** Released remotes may be loaded by a host on another origin (mf-manifest.json is fetched). */
const ANY_ORIGIN = '*';

/**
 * Serves the built dashboard: the host shell at `/`, released remotes under
 * `/remotes/{remote}/{version}/…`, the remotes manifest at `/remotes.json`, and `/healthz`.
 */
export async function registerDashboard(app: FastifyInstance, config: Config): Promise<void> {
  app.get('/healthz', async () => ({
    success: true,
    message: 'ok',
    data: { mode: config.mode, version: SERVER_VERSION },
  }));

  // Read on every request: a release (or rollback) is a manifest change, no restart needed.
  app.get('/remotes.json', async (_request, reply) => {
    let manifest: string;
    try {
      manifest = await readFile(path.join(config.releasesDir, 'remotes.json'), 'utf8');
    } catch {
      throw dashboardErrors.noRemotes();
    }
    return reply
      .header('Cache-Control', NO_STORE)
      .header('Access-Control-Allow-Origin', ANY_ORIGIN)
      .type('application/json; charset=utf-8')
      .send(manifest);
  });

  await app.register(fastifyStatic, {
    root: config.releasesDir,
    prefix: '/remotes/',
    decorateReply: false,
    cacheControl: false,
    dotfiles: 'deny',
    index: false,
    // Serves the build's .br/.gz sibling when the browser accepts it (Content-Encoding + Vary).
    preCompressed: true,
    // Only {remote}/{version}/{file}: the manifest and anything else in the folder stay private.
    allowedPath: (pathName) => /^\/?[a-z0-9-]+\/[0-9A-Za-z.+-]+\/.+/.test(pathName),
    setHeaders: (reply, filePath) => {
      reply.header('Cache-Control', cacheControlFor(filePath));
      reply.header('Access-Control-Allow-Origin', ANY_ORIGIN);
    },
  });

  registerImmutableFiles(app, config.hostDistDir);
  const preload = readPreloadManifest(config.hostDistDir);
  await app.register(fastifyStatic, {
    root: config.hostDistDir,
    prefix: '/',
    decorateReply: false,
    cacheControl: false,
    dotfiles: 'deny',
    index: ['index.html'],
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      reply.header('Cache-Control', cacheControlFor(filePath));
      if (path.basename(filePath) !== 'index.html') return;
      const link = preloadLinkHeader(preload, reply.request.headers.cookie);
      if (link) reply.header('Link', link);
    },
  });
}
