import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { capabilityValue, queryKeys, useToastMessage, type Agent } from 'shared';
import { lastUpdateOutcome, rolledBackText } from '../dashboard/agent-update-state';
import { updateAgent } from './agent-api';

/** How often and how long the dashboard looks for the updated agent (its trial lasts 60 s). */
const FOLLOW_EVERY_MS = 2000;
const FOLLOW_FOR_MS = 90_000;

type Toast = ReturnType<typeof useToastMessage>;

/**
 * After 'Agent Update Initiated' the agent restarts on the new version, or its launcher rolls it
 * back. Refetch the server list until it reports either, then say how it ended.
 */
function followUpdate(queryClient: QueryClient, agentId: string, version: string, showToast: Toast): void {
  const startedAt = Date.now();
  const check = async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.agents.all() });
    const agent = queryClient.getQueryData<Agent[]>(queryKeys.agents.list())?.find((a) => a.id === agentId);
    const outcome = agent ? lastUpdateOutcome(agent) : null;
    if (
      outcome?.status === 'rolled_back' &&
      outcome.version === version &&
      outcome.at >= startedAt - 60_000
    ) {
      showToast({ title: 'Update Failed', description: rolledBackText(outcome), status: 'error' });
      return;
    }
    if (agent && capabilityValue(agent.capabilities, 'agent_version') === version) return;
    if (Date.now() - startedAt < FOLLOW_FOR_MS) window.setTimeout(() => void check(), FOLLOW_EVERY_MS);
  };
  window.setTimeout(() => void check(), FOLLOW_EVERY_MS);
}

/** Asks a server's agent to install `version` (an older one only with `downgrade`) and follows it. */
export function useUpdateAgentMutation(agentId: string) {
  const queryClient = useQueryClient();
  const showToast = useToastMessage();
  return useMutation({
    mutationFn: ({ version, downgrade = false }: { version: string; downgrade?: boolean }) =>
      updateAgent(agentId, version, downgrade),
    onSuccess: (_message, { version }) => {
      showToast({ title: 'Agent Update Initiated', status: 'success' });
      followUpdate(queryClient, agentId, version, showToast);
    },
    meta: { errorToast: 'Update Failed' },
  });
}
