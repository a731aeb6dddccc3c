/** The organization area's error catalogue: stable codes, exact user-facing texts. */
import { DomainError } from '../http/errors.js';

export const organizationErrors = {
  nameRequired: () => new DomainError('ORG_NAME_REQUIRED', 'Organization name is required', 400),
  nameTooLong: () =>
    new DomainError('ORG_NAME_TOO_LONG', 'Organization name must be 255 characters or less', 400),
  onlyOwnerMayDelete: () =>
    new DomainError('ORG_OWNER_ONLY', 'Only the organization owner can delete the organization', 403),
  serversOnline: () =>
    new DomainError(
      'ORG_SERVERS_ONLINE',
      'All servers of the organization must be offline before it can be deleted',
      409,
    ),
  emailRequired: () => new DomainError('MEMBER_EMAIL_REQUIRED', 'Email is required', 400),
  emailInvalid: () => new DomainError('MEMBER_EMAIL_INVALID', 'Email address is not valid', 400),
  roleInvalid: () => new DomainError('MEMBER_ROLE_INVALID', 'Role must be admin or billing', 400),
  businessRequired: () =>
    new DomainError('MEMBERS_NEED_BUSINESS', 'Members are available with a Business subscription', 402),
  alreadyMember: () =>
    new DomainError('MEMBER_EXISTS', 'This user is already a member of the organization', 409),
  memberNotFound: () => new DomainError('MEMBER_NOT_FOUND', 'Member not found', 404),
  ownerNotRemovable: () => new DomainError('MEMBER_OWNER', 'Owner members cannot be removed', 400),
  agentNotFound: (agentId: string) =>
    new DomainError('AGENT_NOT_FOUND', `Agent with ID ${agentId} not found`, 404),
  planTypeInvalid: () => new DomainError('PLAN_TYPE_INVALID', "Plan type must be 'free' or 'pro'", 400),
  freeSlotUsed: () =>
    new DomainError(
      'FREE_SLOT_USED',
      'The free server is already in use: 1 free server is included per user',
      409,
    ),
  alreadyPro: () => new DomainError('AGENT_ALREADY_PRO', 'This server is already on the Pro plan', 409),
  noProLicenses: () => new DomainError('NO_PRO_LICENSES', 'No Pro Licenses Available', 402),
} as const;
