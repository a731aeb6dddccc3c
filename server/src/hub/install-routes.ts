import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { hubErrors } from './errors.js';
import { installScript } from './install-script.js';

/** A file download: 404 with its name when the file is missing. */
interface Download {
  path: string;
  contentType: string;
  /** Named in the refusal when the file is missing. */
  what: string;
  /** The agent bundle and launcher change with each release: never served from a cache. */
  noStore: boolean;
}

function serveDownload(download: Download) {
  return async (_request: FastifyRequest, reply: FastifyReply) => {
    let size: number;
    try {
      size = (await stat(download.path)).size;
    } catch {
      throw hubErrors.downloadMissing(download.what);
    }
    reply.header('content-type', download.contentType).header('content-length', size);
    if (download.noStore) reply.header('cache-control', 'no-store');
    return reply.send(createReadStream(download.path));
  };
}

/** /install.sh and the downloads it uses: the agent bundle, its launcher and the Node runtime. */
export function registerInstallRoutes(app: FastifyInstance, context: AppContext): void {
  const { agentHub } = context.config;
  app.get('/install.sh', async (_request, reply) => {
    reply.header('content-type', 'text/x-shellscript; charset=utf-8');
    reply.header('cache-control', 'no-store');
    return installScript(context.config.publicUrl);
  });

  app.get(
    '/agent/download/dockhand-agent.mjs',
    serveDownload({
      path: agentHub.agentBundlePath,
      contentType: 'text/javascript; charset=utf-8',
      what: 'agent bundle',
      noStore: true,
    }),
  );

  app.get(
    '/agent/download/dockhand-agent-launcher.mjs',
    serveDownload({
      path: agentHub.agentLauncherPath,
      contentType: 'text/javascript; charset=utf-8',
      what: 'agent launcher',
      noStore: true,
    }),
  );

  app.get(
    '/agent/download/node',
    serveDownload({
      path: agentHub.nodeBinaryPath,
      contentType: 'application/octet-stream',
      what: 'Node runtime',
      noStore: false,
    }),
  );
}
