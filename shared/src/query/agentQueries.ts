import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../api/client';
import type { Agent } from '../types';
import { queryKeys } from './query-keys';

/** Spec section 9: the agent list is fresh for 60 s. */
export const AGENT_LIST_STALE_TIME_MS = 60_000;

interface RawAgent extends Omit<Agent, 'last_seen'> {
  last_seen: string | number | null;
}

/** `last_seen` arrives as a date string or a number; the client holds a millisecond time. */
export function toMilliseconds(value: string | number | null): number | null {
  if (value === null || value === '') return null;
  const time = typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(time) ? time : null;
}

export async function fetchAgents(signal?: AbortSignal): Promise<Agent[]> {
  const data = await apiGet<{ agents?: RawAgent[] }>('/api/v1/agents/get-agents', {
    failureMessage: 'Failed to fetch agents',
    signal,
  });
  return (data?.agents ?? []).map((agent) => ({ ...agent, last_seen: toMilliseconds(agent.last_seen) }));
}

/** The servers the user can see. Host (sidebar) and remotes read the same cache entry. */
export const agentsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.agents.list(),
    queryFn: ({ signal }) => fetchAgents(signal),
    staleTime: AGENT_LIST_STALE_TIME_MS,
  });
