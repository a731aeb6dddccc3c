import { useMutation } from '@tanstack/react-query';
import { queryKeys } from 'shared';
import { declineInvitation } from './invitation-api';

export function useDeclineInvitationMutation() {
  return useMutation({
    mutationFn: (invitationId: string) => declineInvitation(invitationId),
    meta: { errorToast: 'Error', invalidates: [queryKeys.organizations.invitations()] },
  });
}
