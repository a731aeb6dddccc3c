import { ORGANIZATION_ROLES } from 'contract';
import { Type } from '@sinclair/typebox';

/** One of the contract's organization roles, in the answers' schemas (profile, members). */
export const organizationRoleSchema = Type.Union(ORGANIZATION_ROLES.map((role) => Type.Literal(role)));

/** An organization as its member sees it (the profile's list, an accepted invitation). */
export const UserOrganizationView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  role: organizationRoleSchema,
  subscription_status: Type.Union([Type.Literal('paid'), Type.Literal('unpaid')]),
  licenses: Type.Number(),
});
