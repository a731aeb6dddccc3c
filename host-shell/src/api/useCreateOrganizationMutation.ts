import { useMutation } from '@tanstack/react-query';
import { useAuth } from 'shared';
import { createOrganization } from './organization-api';

/** Creates an organization; the signed-in user joins it as its owner with 0 licenses. */
export function useCreateOrganizationMutation() {
  const { upsertOrganization } = useAuth();
  return useMutation({
    mutationFn: (name: string) => createOrganization(name),
    onSuccess: (organization) =>
      upsertOrganization({
        id: organization.id,
        name: organization.name,
        subscription_status: organization.subscription_status ?? 'free',
        role: 'owner',
        licenses: 0,
      }),
    meta: { errorToast: 'Error' },
  });
}
