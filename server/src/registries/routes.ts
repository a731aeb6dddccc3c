/** HTTP for spec section 7, registries: who may call each route, its input and answer; rules in RegistryService. */
import { agentMethods, MANAGER_ROLES, REGISTRY_ADDRESS_MAX } from 'contract';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { agentOf, agentRole } from '../http/access.js';
import {
  answers,
  body,
  done,
  envelope,
  optionalText,
  query,
  requiredId,
  requiredText,
  Type,
} from '../http/schemas.js';
import type { RegistryService } from './registry-service.js';
import { agentErrors } from '../agents/errors.js';
import { registryErrors } from './errors.js';

const agentId = requiredId(agentErrors.idRequired);
const address = requiredText(registryErrors.addressRequired, {
  maxLength: REGISTRY_ADDRESS_MAX,
  tooLong: registryErrors.addressTooLong,
});
/** Encrypted credentials (an envelope per value) are longer than the text they hold. */
const credential = optionalText(16 * 1024);

export function registerRegistryRoutes(app: FastifyInstance, registries: RegistryService): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/api/v1/registries/get-registries',
    {
      config: { auth: agentRole(MANAGER_ROLES) },
      schema: {
        querystring: query({ agent_id: agentId }),
        response: answers(envelope(Type.Object({ registries: agentMethods['registry.list'].result }))),
      },
    },
    async (request) => ({
      success: true,
      message: 'Registries loaded',
      data: { registries: await registries.list(agentOf(request)) },
    }),
  );

  api.post(
    '/api/v1/registries/create-registry',
    {
      config: { auth: agentRole(MANAGER_ROLES) },
      schema: {
        body: body({ agent_id: agentId, address, username: credential, password: credential }),
        response: answers(envelope(Type.Object({ registry: agentMethods['registry.create'].result }))),
      },
    },
    async (request) => ({
      success: true,
      message: 'Registry added successfully',
      data: { registry: await registries.create(agentOf(request), request.body) },
    }),
  );

  api.post(
    '/api/v1/registries/delete-registry',
    {
      config: { auth: agentRole(MANAGER_ROLES) },
      schema: { body: body({ agent_id: agentId, address }), response: answers(done) },
    },
    async (request) => {
      await registries.delete(agentOf(request), request.body.address);
      return { success: true, message: 'Registry deleted successfully' };
    },
  );
}
