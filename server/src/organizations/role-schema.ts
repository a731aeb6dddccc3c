import { ORGANIZATION_ROLES } from 'contract';
import { Type } from '@sinclair/typebox';

/** One of the contract's organization roles, in the answers' schemas (profile, members). */
export const organizationRoleSchema = Type.Union(ORGANIZATION_ROLES.map((role) => Type.Literal(role)));
