/** HTTP for spec section 7, Organizations. Routes only read input and shape responses. */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/guard.js';
import type { AppContext } from '../context.js';
import { inputObject, optionalString, requiredId } from '../http/input.js';
import { getMembers, inviteMember, removeMember } from './member-service.js';
import {
  createOrganization,
  deleteOrganizationAsOwner,
  renameOrganizationAsMember,
} from './organization-service.js';
import { parsePlanType, promoteAgent } from './plan-service.js';

const ORGANIZATION_ID_REQUIRED = 'Organization ID is required';

export function registerOrganizationRoutes(app: FastifyInstance, context: AppContext): void {
  const { db } = context;

  app.post('/api/v1/organization/create-organization', async (request) => {
    const user = await requireUser(request);
    const body = inputObject(request.body);
    const organization = await createOrganization(db, user.id, body.name);
    return { success: true, message: 'Organization created', data: organization };
  });

  app.post('/api/v1/organization/rename-organization', async (request) => {
    const user = await requireUser(request);
    const body = inputObject(request.body);
    const id = requiredId(body, 'id', ORGANIZATION_ID_REQUIRED);
    const data = await renameOrganizationAsMember(db, user.id, id, body.name);
    return { success: true, message: 'Organization name updated', data };
  });

  app.post('/api/v1/organizations/delete-organization', async (request) => {
    const user = await requireUser(request);
    const id = requiredId(inputObject(request.body), 'id', ORGANIZATION_ID_REQUIRED);
    await deleteOrganizationAsOwner(db, context.presence, user.id, id);
    return { success: true, message: 'Organization deleted' };
  });

  app.post('/api/v1/organizations/get-members', async (request) => {
    const user = await requireUser(request);
    const organizationId = requiredId(inputObject(request.body), 'organization_id', ORGANIZATION_ID_REQUIRED);
    return { success: true, message: 'OK', data: { members: await getMembers(db, user.id, organizationId) } };
  });

  app.post('/api/v1/organizations/invite-member', async (request) => {
    const user = await requireUser(request);
    const body = inputObject(request.body);
    const organizationId = requiredId(body, 'organization_id', ORGANIZATION_ID_REQUIRED);
    const { joined } = await inviteMember(db, user.id, organizationId, body.email, body.role);
    const message = joined ? 'Member added' : 'Invitation saved: they join when they sign in with this email';
    return { success: true, message, data: { joined } };
  });

  app.post('/api/v1/organizations/delete-member', async (request) => {
    const user = await requireUser(request);
    const body = inputObject(request.body);
    const organizationId = requiredId(body, 'organization_id', ORGANIZATION_ID_REQUIRED);
    const email = optionalString(body, 'email');
    const userId = email === undefined ? requiredId(body, 'user_id', 'User ID is required') : undefined;
    await removeMember(db, user.id, organizationId, { userId, email });
    return { success: true, message: 'Member removed' };
  });

  app.post('/api/v1/organizations/promote-agent', async (request) => {
    const user = await requireUser(request);
    const body = inputObject(request.body);
    const agentId = requiredId(body, 'agent_id', 'Agent ID is required');
    const result = await promoteAgent(
      db,
      context.database.engine,
      user.id,
      agentId,
      parsePlanType(body.type),
    );
    return { success: true, message: result.message, data: result };
  });
}
