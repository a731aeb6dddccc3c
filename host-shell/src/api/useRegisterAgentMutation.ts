import { useMutation } from '@tanstack/react-query';
import { registerAgent } from './agent-api';

/** Connects a server with its 6-character code; resolves with the new server. */
export function useRegisterAgentMutation() {
  return useMutation({
    mutationFn: ({ code, organizationId }: { code: string; organizationId: string }) =>
      registerAgent(code, organizationId),
    meta: { errorToast: 'Error' },
  });
}
