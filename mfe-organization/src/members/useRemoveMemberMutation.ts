import { useMutation } from '@tanstack/react-query';
import { queryKeys } from 'shared';
import { removeMember, type MemberEntry } from './member-api';

export function useRemoveMemberMutation(organizationId: string) {
  return useMutation({
    mutationFn: (member: MemberEntry) => removeMember(organizationId, member.user_id),
    meta: { errorToast: 'Error', invalidates: [queryKeys.organizations.members(organizationId)] },
  });
}
