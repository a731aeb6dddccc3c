import { queryOptions } from '@tanstack/react-query';
import { isNewerVersion, queryKeys, sortByVersionDescending, type AgentVersion } from 'shared';
import { fetchAgentVersions } from '../api/agent-api';

/** Spec section 9: agent versions are cached for 5 min. */
const AGENT_VERSIONS_CACHE_MS = 5 * 60 * 1000;

export const agentVersionsQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: queryKeys.agents.versions(agentId),
    queryFn: ({ signal }) => fetchAgentVersions(agentId, signal),
    staleTime: AGENT_VERSIONS_CACHE_MS,
    gcTime: AGENT_VERSIONS_CACHE_MS,
  });

/** The releases below the running one, only fetched when the user asks to downgrade. */
export const olderAgentVersionsQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: [...queryKeys.agents.versions(agentId), 'older'] as const,
    queryFn: ({ signal }) => fetchAgentVersions(agentId, signal, true),
    staleTime: AGENT_VERSIONS_CACHE_MS,
    gcTime: AGENT_VERSIONS_CACHE_MS,
  });

/** Versions newest first (numeric-aware, ignoring a leading v). */
export function orderAgentVersions(versions: readonly AgentVersion[]): AgentVersion[] {
  return sortByVersionDescending(versions, (version) => version.version_number);
}

/** The newest stable (non-beta) version above the running one, or null when the agent is current. */
export function newestAgentUpdate(
  versions: readonly AgentVersion[],
  runningVersion: string | null,
): string | null {
  if (!runningVersion) return null;
  const newer = versions.filter(
    (version) => !version.is_beta && isNewerVersion(version.version_number, runningVersion),
  );
  return orderAgentVersions(newer)[0]?.version_number ?? null;
}
