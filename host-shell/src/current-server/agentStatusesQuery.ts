import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from 'shared';
import { fetchAgentStatuses } from '../api/agent-api';
import { AGENT_STATUS_POLL_MS, AGENT_STATUS_STALE_MS, DOCKER_DOWN_POLL_MS } from './agent-status-rules';

/**
 * Who is online, polled while the user has servers (spec section 9), and faster while a server's
 * Docker does not answer so its return shows within seconds. Reactions live in useAgentStatusTransitions.
 */
export const agentStatusesQueryOptions = (hasAgents: boolean) =>
  queryOptions({
    queryKey: queryKeys.agents.statuses(),
    queryFn: ({ signal }) => fetchAgentStatuses(signal),
    enabled: hasAgents,
    refetchInterval: (query) =>
      query.state.data?.dockerNotResponding.size ? DOCKER_DOWN_POLL_MS : AGENT_STATUS_POLL_MS,
    staleTime: AGENT_STATUS_STALE_MS,
  });
