/** The organization area's error catalogue: stable codes, exact user-facing texts. */
import { DisplayNames, DisplayNameText } from 'contract';
import { DomainError } from '../errors/domain-error.js';

export const organizationErrors = {
  noAccess: () => new DomainError('ORG_FORBIDDEN', 'You don’t have access to this organization'),
  idRequired: () => new DomainError('ORG_ID_REQUIRED', 'Organization ID is required'),
  nameRequired: () =>
    new DomainError('ORG_NAME_REQUIRED', DisplayNameText.required(DisplayNames.organization)),
  nameTooLong: () => new DomainError('ORG_NAME_TOO_LONG', DisplayNameText.tooLong(DisplayNames.organization)),
  /** Any refusal of the contract's name rule, with its text. */
  nameRefused: (message: string) => new DomainError('ORG_NAME_INVALID', message),
  onlyOwnerMayDelete: () =>
    new DomainError('ORG_OWNER_ONLY', 'Only the organization owner can delete the organization'),
  serversOnline: () =>
    new DomainError(
      'ORG_SERVERS_ONLINE',
      'All servers of the organization must be offline before it can be deleted',
    ),
  emailRequired: () => new DomainError('MEMBER_EMAIL_REQUIRED', 'Email is required'),
  emailInvalid: () => new DomainError('MEMBER_EMAIL_INVALID', 'Email address is not valid'),
  roleInvalid: () => new DomainError('MEMBER_ROLE_INVALID', 'Role must be admin or billing'),
  businessRequired: () =>
    new DomainError('MEMBERS_NEED_BUSINESS', 'Members are available with a Business subscription'),
  alreadyMember: () => new DomainError('MEMBER_EXISTS', 'This user is already a member of the organization'),
  memberRequired: () => new DomainError('MEMBER_REQUIRED', 'User ID is required'),
  memberNotFound: () => new DomainError('MEMBER_NOT_FOUND', 'Member not found'),
  invitationIdRequired: () => new DomainError('INVITATION_ID_REQUIRED', 'Invitation ID is required'),
  /** Also for an invitation addressed to someone else: its existence is not the caller's to know. */
  invitationNotFound: () =>
    new DomainError('INVITATION_NOT_FOUND', 'Invitation not found. It may have been withdrawn.'),
  ownerNotRemovable: () => new DomainError('MEMBER_OWNER', 'Owner members cannot be removed'),
  planTypeInvalid: () => new DomainError('PLAN_TYPE_INVALID', "Plan type must be 'free' or 'pro'"),
  freeSlotUsed: () =>
    new DomainError(
      'FREE_SLOT_USED',
      'The free server is already in use: 1 free server is included per user',
    ),
  alreadyPro: () => new DomainError('AGENT_ALREADY_PRO', 'This server is already on the Pro plan'),
  noProLicenses: () => new DomainError('NO_PRO_LICENSES', 'No Pro Licenses Available'),
} as const;
