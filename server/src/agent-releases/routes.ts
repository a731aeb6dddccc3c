import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/guard.js';
import { bodyOf, queryOf } from '../agents/routes.js';
import { VERSION_PATTERN } from '../catalog/versions.js';
import type { AppContext } from '../context.js';
import { DomainError } from '../http/errors.js';
import type { AgentReleaseService } from './release-service.js';

/** Spec section 7 `get-available-versions` / `update-agent`, the release downloads and the release public key. */
export function registerAgentReleaseRoutes(
  app: FastifyInstance,
  context: AppContext,
  releases: AgentReleaseService,
): void {
  app.get('/api/v1/agents/get-available-versions', async (request) => {
    const user = await requireUser(request);
    const query = queryOf(request);
    return {
      success: true,
      message: 'Versions loaded',
      data: { versions: await releases.versions(user.id, query.agent_id, query.older === 'true') },
    };
  });

  app.post('/api/v1/agents/update-agent', async (request) => {
    const user = await requireUser(request);
    const result = await releases.update(user.id, bodyOf(request));
    return { success: true, message: 'Agent Update Initiated', data: result };
  });

  app.get<{ Params: { version: string } }>(
    '/agent/releases/:version/dockhand-agent.mjs',
    async (request, reply) => {
      const { version } = request.params;
      if (!VERSION_PATTERN.test(version))
        throw new DomainError('AGENT_VERSION_NOT_FOUND', `Agent version ${version} is not available`, 404);
      const file = await releases.bundlePath(version);
      const info = await stat(file);
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('content-length', info.size)
        .header('cache-control', 'public, max-age=31536000, immutable');
      return reply.send(createReadStream(file));
    },
  );

  // install.sh pins this key on the host; the matching private key never lives on this server.
  app.get('/agent/download/release-key.pub.pem', async (_request, reply) => {
    const key = await readFile(context.config.agentHub.releasePublicKeyPath, 'utf8').catch(() => {
      throw new DomainError(
        'AGENT_RELEASE_KEY_MISSING',
        'No agent release key is configured on this server (AGENT_RELEASE_PUBLIC_KEY)',
        404,
      );
    });
    reply.header('content-type', 'application/x-pem-file').header('cache-control', 'no-store');
    return key;
  });
}
