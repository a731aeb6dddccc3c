import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from 'shared';
import { fetchAgentStatuses } from '../../api/agent-api';
import { AGENT_STATUS_POLL_MS, AGENT_STATUS_STALE_MS } from './agent-status-rules';

/** Who is online, polled while the user has servers (spec section 9). Reactions live in useAgentStatusTransitions. */
export const agentStatusesQueryOptions = (hasAgents: boolean) =>
  queryOptions({
    queryKey: queryKeys.agents.statuses(),
    queryFn: ({ signal }) => fetchAgentStatuses(signal),
    enabled: hasAgents,
    refetchInterval: AGENT_STATUS_POLL_MS,
    staleTime: AGENT_STATUS_STALE_MS,
  });
