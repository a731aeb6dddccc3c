import { useMutation } from '@tanstack/react-query';
import { useCurrentUser } from 'shared';
import { renameOrganization } from './organization-api';

/** Renames an organization; the signed-in user's organizations take the name the server kept. */
export function useRenameOrganizationMutation(organizationId: string) {
  const { user, setUser } = useCurrentUser();
  return useMutation({
    mutationFn: (name: string) => renameOrganization(organizationId, name),
    onSuccess: (saved) => {
      if (!user) return;
      const organizations = user.organizations.map((org) =>
        org.id === organizationId ? { ...org, name: saved } : org,
      );
      setUser({ ...user, organizations });
    },
    meta: { errorToast: 'Error' },
  });
}
