import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost, queryKeys, type UserOrganization } from 'shared';

/** An invitation addressed to the signed-in user, pending until they accept or decline it. */
export interface Invitation {
  id: string;
  organization_id: string;
  organization_name: string;
  role: string;
  inviter: { name: string; email: string } | null;
}

async function fetchInvitations(signal?: AbortSignal): Promise<Invitation[]> {
  const data = await apiGet<{ invitations?: Invitation[] } | null>('/api/v1/organizations/get-invitations', {
    failureMessage: 'Failed to fetch invitations',
    signal,
  });
  return Array.isArray(data?.invitations) ? data.invitations : [];
}

export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.organizations.invitations(),
    queryFn: ({ signal }) => fetchInvitations(signal),
    staleTime: 30_000,
  });

/** Joins the organization; resolves with it as the user's organization list holds it. */
export async function acceptInvitation(invitationId: string): Promise<UserOrganization> {
  const data = await apiPost<{ organization: UserOrganization }>(
    '/api/v1/organizations/accept-invitation',
    { invitation_id: invitationId },
    { failureMessage: 'Failed to accept invitation', rejectedMessage: 'Accept invitation failed' },
  );
  return data.organization;
}

export async function declineInvitation(invitationId: string): Promise<void> {
  await apiPost<unknown>(
    '/api/v1/organizations/decline-invitation',
    { invitation_id: invitationId },
    { failureMessage: 'Failed to decline invitation', rejectedMessage: 'Decline invitation failed' },
  );
}
