/** HTTP for spec section 7, Agents: who may call each route, its input and answer; rules in AgentService. */
import { MANAGER_ROLES } from 'contract';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { agentOf, agentRole, organizationRole, signedIn, userOf } from '../http/access.js';
import { answers, body, done, envelope, requiredId, requiredText, Type } from '../http/schemas.js';
import { AgentView, type AgentService } from './agent-service.js';
import { agentErrors } from './errors.js';
import { organizationErrors } from '../organizations/errors.js';

const agentId = requiredId(agentErrors.idRequired);
const agentData = envelope(Type.Object({ agent: AgentView }));

export function registerAgentRoutes(app: FastifyInstance, agents: AgentService): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/api/v1/agents/get-agents',
    {
      config: { auth: signedIn },
      schema: { response: answers(envelope(Type.Object({ agents: Type.Array(AgentView) }))) },
    },
    async (request) => ({
      success: true,
      message: 'Agents loaded',
      data: { agents: await agents.list(userOf(request).id) },
    }),
  );

  api.get(
    '/api/v1/agents/get-agents-status',
    {
      config: { auth: signedIn },
      schema: {
        response: answers(
          envelope(
            Type.Object({
              agents: Type.Array(
                Type.Object({
                  agent_id: Type.String(),
                  status: Type.Integer(),
                  is_docker_responding: Type.Boolean(),
                }),
              ),
            }),
          ),
        ),
      },
    },
    async (request) => ({
      success: true,
      message: 'Agent statuses loaded',
      data: { agents: await agents.statuses(userOf(request).id) },
    }),
  );

  api.post(
    '/api/v1/agents/register-agent',
    {
      config: { auth: organizationRole('organization_id', MANAGER_ROLES) },
      schema: {
        body: body({
          code: requiredText(agentErrors.pairingCodeInvalid, {
            maxLength: 20,
          }),
          organization_id: requiredId(organizationErrors.idRequired),
        }),
        response: answers(agentData),
      },
    },
    async (request) => {
      const agent = await agents.register(userOf(request).id, request.ip, request.body);
      return { success: true, message: 'Server Connected', data: { agent } };
    },
  );

  api.post(
    '/api/v1/agents/rename-agent',
    {
      config: { auth: agentRole(MANAGER_ROLES) },
      schema: {
        body: body({
          agent_id: requiredId(agentErrors.serverIdRequired),
          name: requiredText(agentErrors.nameRequired, {
            tooLong: agentErrors.nameTooLong,
          }),
        }),
        response: answers(agentData),
      },
    },
    async (request) => {
      const agent = await agents.rename(agentOf(request), request.body.name);
      return { success: true, message: 'Server Renamed', data: { agent } };
    },
  );

  api.post(
    '/api/v1/agents/delete-agent',
    {
      config: { auth: agentRole(MANAGER_ROLES) },
      schema: { body: body({ agent_id: agentId }), response: answers(done) },
    },
    async (request) => {
      await agents.delete(agentOf(request));
      return { success: true, message: 'Agent deleted' };
    },
  );
}
