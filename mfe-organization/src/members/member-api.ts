import { queryOptions } from '@tanstack/react-query';
import { apiCall, apiPost, queryKeys, type Member } from 'shared';

/** Spec section 9: members are fresh for 30 s. */
const MEMBERS_STALE_TIME_MS = 30_000;
/** The only role an invitation offers (spec section 5, Invite). */
export const INVITE_ROLE = 'admin';

/** A member, or an invitation not yet taken up (the server lists both). */
export type MemberEntry = Member & { pending?: boolean };

async function fetchMembers(organizationId: string, signal?: AbortSignal): Promise<MemberEntry[]> {
  const data = await apiPost<{ members?: MemberEntry[] } | null>(
    '/api/v1/organizations/get-members',
    { organization_id: organizationId },
    { failureMessage: 'Failed to get members', rejectedMessage: 'Get members failed', signal },
  );
  return Array.isArray(data?.members) ? data.members : [];
}

export const membersQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: queryKeys.organizations.members(organizationId),
    queryFn: ({ signal }) => fetchMembers(organizationId, signal),
    staleTime: MEMBERS_STALE_TIME_MS,
  });

/** Resolves with the server's message: the invitation waits until its invitee accepts it. */
export async function inviteMember(organizationId: string, email: string): Promise<string> {
  const result = await apiCall<unknown>('/api/v1/organizations/invite-member', {
    method: 'POST',
    body: { organization_id: organizationId, email, role: INVITE_ROLE },
    failureMessage: 'Failed to invite member',
    rejectedMessage: 'Invite member failed',
  });
  return result.message;
}

export async function removeMember(organizationId: string, userId: string): Promise<void> {
  await apiCall<unknown>('/api/v1/organizations/delete-member', {
    method: 'POST',
    body: { organization_id: organizationId, user_id: userId },
    failureMessage: 'Failed to remove member',
    rejectedMessage: 'Remove member failed',
  });
}
