/** HTTP for Server Settings, Docker volumes: who may call each route, its input and answer; rules in VolumeService and the agent. */
import { agentMethods, MANAGER_ROLES, ORGANIZATION_ROLES } from 'contract';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { agentOf, agentRole } from '../http/access.js';
import { answers, body, envelope, query, requiredId, requiredText, Type } from '../http/schemas.js';
import { agentErrors } from '../agents/errors.js';
import { VolumeView, type VolumeService } from './volume-service.js';
import { volumeErrors } from './errors.js';

const agentId = requiredId(agentErrors.idRequired);

export function registerVolumeRoutes(app: FastifyInstance, volumes: VolumeService): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/api/v1/volumes/get-volumes',
    {
      config: { auth: agentRole(ORGANIZATION_ROLES) },
      schema: {
        querystring: query({ agent_id: agentId }),
        response: answers(envelope(Type.Object({ volumes: Type.Array(VolumeView) }))),
      },
    },
    async (request) => ({
      success: true,
      message: 'Volumes loaded',
      data: { volumes: await volumes.list(agentOf(request)) },
    }),
  );

  api.post(
    '/api/v1/volumes/delete-volume',
    {
      config: { auth: agentRole(MANAGER_ROLES) },
      schema: {
        body: body({ agent_id: agentId, name: requiredText(volumeErrors.nameRequired, { maxLength: 255 }) }),
        response: answers(envelope(agentMethods['volume.delete'].result)),
      },
    },
    async (request) => ({
      success: true,
      message: 'Volume deleted successfully',
      data: await volumes.delete(agentOf(request), request.body.name),
    }),
  );
}
