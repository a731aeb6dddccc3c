import { useMutation } from '@tanstack/react-query';
import { queryKeys } from 'shared';
import { inviteMember } from './member-api';

/** Invites by email; resolves with the server's message (the invitation waits for its invitee). */
export function useInviteMemberMutation(organizationId: string) {
  return useMutation({
    mutationFn: (email: string) => inviteMember(organizationId, email),
    meta: { errorToast: 'Error', invalidates: [queryKeys.organizations.members(organizationId)] },
  });
}
