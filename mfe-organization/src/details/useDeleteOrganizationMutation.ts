import { useMutation } from '@tanstack/react-query';
import { queryKeys, useCurrentUser, useToastMessage } from 'shared';
import { deleteOrganization } from './organization-api';

/** Deletes an organization (owners only, every server offline); its servers leave the list with it. */
export function useDeleteOrganizationMutation(organizationId: string) {
  const { removeOrganization } = useCurrentUser();
  const showToast = useToastMessage();
  return useMutation({
    mutationFn: () => deleteOrganization(organizationId),
    // The toast comes first: dropping the organization may unmount the page that asked.
    onSuccess: () => {
      showToast({ title: 'Organization deleted', status: 'success' });
      removeOrganization(organizationId);
    },
    meta: { errorToast: 'Error', invalidates: [queryKeys.agents.list()] },
  });
}
