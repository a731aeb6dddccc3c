/**
 * HTTP for spec section 7, Organizations. Each route declares who may call it (`config.auth`),
 * its input and its answer (`schema`); the rules are in the services.
 */
import { BILLING_ROLES, MANAGER_ROLES, OWNER_ROLES } from 'contract';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { agentOf, agentRole, organizationRole, signedIn, userOf } from '../http/access.js';
import {
  answers,
  body,
  done,
  envelope,
  optionalText,
  requiredId,
  requiredText,
  Type,
} from '../http/schemas.js';
import {
  acceptInvitation,
  declineInvitation,
  InvitationView,
  listMyInvitations,
} from './invitation-service.js';
import { UserOrganizationView } from './role-schema.js';
import { getMembers, inviteMember, MemberView, removeMember } from './member-service.js';
import {
  createOrganization,
  deleteOrganization,
  ORGANIZATION_NAME_MAX,
  renameOrganizationTo,
} from './organization-service.js';
import { parsePlanType, PlanChange, promoteAgent } from './plan-service.js';
import { agentErrors } from '../agents/errors.js';
import { organizationErrors } from './errors.js';

const organizationName = requiredText(organizationErrors.nameRequired, {
  maxLength: ORGANIZATION_NAME_MAX,
  tooLong: organizationErrors.nameTooLong,
});
const organization = Type.Object({
  id: Type.String(),
  name: Type.String(),
  subscription_status: Type.String(),
});

export function registerOrganizationRoutes(app: FastifyInstance, context: AppContext): void {
  const { db } = context;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/api/v1/organization/create-organization',
    {
      config: { auth: signedIn },
      schema: { body: body({ name: organizationName }), response: answers(envelope(organization)) },
    },
    async (request) => {
      const data = await createOrganization(db, userOf(request).id, request.body.name);
      return { success: true, message: 'Organization created', data };
    },
  );

  api.post(
    '/api/v1/organization/rename-organization',
    {
      config: { auth: organizationRole('id', MANAGER_ROLES) },
      schema: {
        body: body({ id: requiredId(organizationErrors.idRequired), name: organizationName }),
        response: answers(envelope(Type.Object({ name: Type.String() }))),
      },
    },
    async (request) => {
      const data = await renameOrganizationTo(db, request.body.id, request.body.name);
      return { success: true, message: 'Organization name updated', data };
    },
  );

  api.post(
    '/api/v1/organizations/delete-organization',
    {
      // Other members get the spec's owner-only text, non-members the usual no-access one.
      config: {
        auth: organizationRole('id', OWNER_ROLES, { wrongRole: organizationErrors.onlyOwnerMayDelete }),
      },
      schema: { body: body({ id: requiredId(organizationErrors.idRequired) }), response: answers(done) },
    },
    async (request) => {
      await deleteOrganization(db, context.presence, request.body.id);
      // Its members' cached lists show it nowhere once this has answered.
      await context.reads.revoked();
      return { success: true, message: 'Organization deleted' };
    },
  );

  api.post(
    '/api/v1/organizations/get-members',
    {
      config: { auth: organizationRole('organization_id', BILLING_ROLES) },
      schema: {
        body: body({ organization_id: requiredId(organizationErrors.idRequired) }),
        response: answers(envelope(Type.Object({ members: Type.Array(MemberView) }))),
      },
    },
    async (request) => {
      const members = await getMembers(db, request.body.organization_id);
      return { success: true, message: 'OK', data: { members } };
    },
  );

  api.post(
    '/api/v1/organizations/invite-member',
    {
      config: { auth: organizationRole('organization_id', MANAGER_ROLES) },
      schema: {
        body: body({
          organization_id: requiredId(organizationErrors.idRequired),
          email: requiredText(organizationErrors.emailRequired, { tooLong: organizationErrors.emailInvalid }),
          role: optionalText(),
        }),
        response: answers(envelope(Type.Object({ joined: Type.Boolean() }))),
      },
    },
    async (request) => {
      const { organization_id, email, role } = request.body;
      const { joined } = await inviteMember(db, userOf(request).id, organization_id, email, role);
      // Pending until the invitee accepts it (invitation-service.ts).
      const message = 'Invitation sent: they join when they accept it';
      return { success: true, message, data: { joined } };
    },
  );

  api.post(
    '/api/v1/organizations/delete-member',
    {
      config: { auth: organizationRole('organization_id', MANAGER_ROLES) },
      schema: {
        // `user_id` names a member, or `invitation:{email}` a pending invitation; `email` also does.
        body: body({
          organization_id: requiredId(organizationErrors.idRequired),
          user_id: optionalText(300),
          email: optionalText(),
        }),
        response: answers(done),
      },
    },
    async (request) => {
      const { organization_id, user_id, email } = request.body;
      await removeMember(db, organization_id, { userId: user_id, email });
      // The removed member's cached lists show the organization nowhere once this has answered.
      await context.reads.revoked();
      return { success: true, message: 'Member removed' };
    },
  );

  api.post(
    '/api/v1/organizations/promote-agent',
    {
      // Members without a manager role get the same 404 as strangers: ids cannot be probed.
      config: { auth: agentRole(MANAGER_ROLES, { wrongRole: agentErrors.notFound }) },
      schema: {
        body: body({
          agent_id: requiredId(agentErrors.idRequired),
          type: requiredText(organizationErrors.planTypeInvalid),
        }),
        response: answers(envelope(PlanChange)),
      },
    },
    async (request) => {
      const plan = parsePlanType(request.body.type);
      const result = await promoteAgent(db, context.database.engine, agentOf(request).id, plan);
      return { success: true, message: result.message, data: result };
    },
  );

  // The invitee's side of invitations (not in the spec's API list: the spec's invite joined at once).
  api.get(
    '/api/v1/organizations/get-invitations',
    {
      config: { auth: signedIn },
      schema: { response: answers(envelope(Type.Object({ invitations: Type.Array(InvitationView) }))) },
    },
    async (request) => ({
      success: true,
      message: 'OK',
      data: { invitations: await listMyInvitations(db, userOf(request).id) },
    }),
  );

  const invitationInput = body({ invitation_id: requiredId(organizationErrors.invitationIdRequired) });

  api.post(
    '/api/v1/organizations/accept-invitation',
    {
      // Any signed-in user reaches the rule, which answers anyone but the invitee 'not found'.
      config: { auth: signedIn },
      schema: {
        body: invitationInput,
        response: answers(envelope(Type.Object({ organization: UserOrganizationView }))),
      },
    },
    async (request) => {
      const organization = await acceptInvitation(db, userOf(request).id, request.body.invitation_id);
      return { success: true, message: 'Invitation accepted', data: { organization } };
    },
  );

  api.post(
    '/api/v1/organizations/decline-invitation',
    {
      config: { auth: signedIn },
      schema: { body: invitationInput, response: answers(done) },
    },
    async (request) => {
      await declineInvitation(db, userOf(request).id, request.body.invitation_id);
      return { success: true, message: 'Invitation declined' };
    },
  );
}
