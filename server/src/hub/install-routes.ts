import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { hubErrors } from './errors.js';
import { installScript } from './install-script.js';

async function sendFile(path: string, contentType: string, what: string) {
  try {
    const info = await stat(path);
    return { stream: createReadStream(path), size: info.size, contentType };
  } catch {
    throw hubErrors.downloadMissing(what);
  }
}

/** /install.sh and the downloads it uses: the agent bundle, its launcher and the Node runtime. */
export function registerInstallRoutes(app: FastifyInstance, context: AppContext): void {
  app.get('/install.sh', async (_request, reply) => {
    reply.header('content-type', 'text/x-shellscript; charset=utf-8');
    reply.header('cache-control', 'no-store');
    return installScript(context.config.publicUrl);
  });

  app.get('/agent/download/dockhand-agent.mjs', async (_request, reply) => {
    const file = await sendFile(
      context.config.agentHub.agentBundlePath,
      'text/javascript; charset=utf-8',
      'agent bundle',
    );
    reply
      .header('content-type', file.contentType)
      .header('content-length', file.size)
      .header('cache-control', 'no-store');
    return reply.send(file.stream);
  });

  app.get('/agent/download/dockhand-agent-launcher.mjs', async (_request, reply) => {
    const file = await sendFile(
      context.config.agentHub.agentLauncherPath,
      'text/javascript; charset=utf-8',
      'agent launcher',
    );
    reply
      .header('content-type', file.contentType)
      .header('content-length', file.size)
      .header('cache-control', 'no-store');
    return reply.send(file.stream);
  });

  app.get('/agent/download/node', async (_request, reply) => {
    const file = await sendFile(
      context.config.agentHub.nodeBinaryPath,
      'application/octet-stream',
      'Node runtime',
    );
    reply.header('content-type', file.contentType).header('content-length', file.size);
    return reply.send(file.stream);
  });
}
