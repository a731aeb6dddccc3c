/** HTTP for spec section 7, networks: who may call each route, its input and answer; rules in NetworkService. */
import { agentMethods, MANAGER_ROLES, ORGANIZATION_ROLES } from 'contract';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { agentOf, agentRole } from '../http/access.js';
import { answers, body, envelope, query, requiredId, requiredText, Type } from '../http/schemas.js';
import type { NetworkService } from './network-service.js';
import { agentErrors } from '../agents/errors.js';
import { networkErrors } from './errors.js';

const agentId = requiredId(agentErrors.idRequired);
const networkInput = body({ agent_id: agentId, name: requiredText(networkErrors.nameRequired) });

export function registerNetworkRoutes(app: FastifyInstance, networks: NetworkService): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/api/v1/networks/get-networks',
    {
      config: { auth: agentRole(ORGANIZATION_ROLES) },
      schema: {
        querystring: query({ agent_id: agentId }),
        response: answers(envelope(Type.Object({ networks: agentMethods['network.list'].result }))),
      },
    },
    async (request) => ({
      success: true,
      message: 'Networks loaded',
      data: { networks: await networks.list(agentOf(request)) },
    }),
  );

  api.post(
    '/api/v1/networks/create-network',
    {
      config: { auth: agentRole(MANAGER_ROLES) },
      schema: { body: networkInput, response: answers(envelope(agentMethods['network.create'].result)) },
    },
    async (request) => ({
      success: true,
      message: 'Network created successfully',
      data: await networks.create(agentOf(request), request.body.name),
    }),
  );

  api.post(
    '/api/v1/networks/delete-network',
    {
      config: { auth: agentRole(MANAGER_ROLES) },
      schema: { body: networkInput, response: answers(envelope(agentMethods['network.delete'].result)) },
    },
    async (request) => ({
      success: true,
      message: 'Network deleted successfully',
      data: await networks.delete(agentOf(request), request.body.name),
    }),
  );
}
