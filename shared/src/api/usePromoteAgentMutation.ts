import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from './ApiError';
import { promoteAgent, type ServerPlanChoice } from './billing';
import { queryKeys } from '../query/query-keys';

export interface PromoteAgentRequest {
  agentId: string;
  type: ServerPlanChoice;
}

/** A Pro promotion refused with 402: the organization has no free Pro license (the caller offers the portal). */
export function isNoLicenseFailure(error: Error, { type }: PromoteAgentRequest): boolean {
  return type === 'pro' && isApiError(error) && error.status === 402;
}

/**
 * Assigns a server the Free plan or a Pro license; resolves with the server's message. The plan
 * shows on every server card and gates deploying, so the server list is read again either way.
 */
export function usePromoteAgentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ agentId, type }: PromoteAgentRequest) => promoteAgent(agentId, type),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.agents.list() }),
    meta: {
      errorToast: (error, request) =>
        isNoLicenseFailure(error, request as PromoteAgentRequest) ? null : 'Error',
    },
  });
}
