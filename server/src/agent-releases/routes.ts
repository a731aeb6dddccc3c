import { MANAGER_ROLES, ORGANIZATION_ROLES } from 'contract';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { agentOf, agentRole } from '../http/access.js';
import { answers, body, envelope, query, requiredId, requiredText, Type } from '../http/schemas.js';
import { AgentVersionView, type AgentReleaseService } from './release-service.js';
import { agentErrors } from '../agents/errors.js';
import { releaseErrors } from './errors.js';

/** Spec section 7 `get-available-versions` / `update-agent`, the release downloads and the release public key. */
export function registerAgentReleaseRoutes(app: FastifyInstance, releases: AgentReleaseService): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const agentId = requiredId(agentErrors.idRequired);

  api.get(
    '/api/v1/agents/get-available-versions',
    {
      config: { auth: agentRole(ORGANIZATION_ROLES) },
      schema: {
        querystring: query({ agent_id: agentId, older: Type.Optional(Type.String({ maxLength: 5 })) }),
        response: answers(envelope(Type.Object({ versions: Type.Array(AgentVersionView) }))),
      },
    },
    async (request) => ({
      success: true,
      message: 'Versions loaded',
      data: { versions: await releases.versions(agentOf(request), request.query.older === 'true') },
    }),
  );

  api.post(
    '/api/v1/agents/update-agent',
    {
      config: { auth: agentRole(MANAGER_ROLES) },
      schema: {
        body: body({
          agent_id: agentId,
          version: requiredText(releaseErrors.versionRequired, { maxLength: 100 }),
          downgrade: Type.Optional(Type.Boolean()),
        }),
        response: answers(envelope(Type.Object({ version: Type.String() }))),
      },
    },
    async (request) => {
      const result = await releases.update(agentOf(request), request.body);
      return { success: true, message: 'Agent Update Initiated', data: result };
    },
  );

  app.get<{ Params: { version: string } }>(
    '/agent/releases/:version/dockhand-agent.mjs',
    async (request, reply) => {
      const file = await releases.bundlePath(request.params.version);
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
    const key = await releases.publicKey();
    reply.header('content-type', 'application/x-pem-file').header('cache-control', 'no-store');
    return key;
  });
}
