import { useMutation } from '@tanstack/react-query';
import { queryKeys, useAuth } from 'shared';
import { acceptInvitation } from './invitation-api';

/** Accepts an invitation: the organization joins the user's list and its servers are read again. */
export function useAcceptInvitationMutation() {
  const { upsertOrganization } = useAuth();
  return useMutation({
    mutationFn: (invitationId: string) => acceptInvitation(invitationId),
    onSuccess: (organization) => upsertOrganization(organization),
    meta: {
      errorToast: 'Error',
      invalidates: [queryKeys.organizations.invitations(), queryKeys.agents.all()],
    },
  });
}
