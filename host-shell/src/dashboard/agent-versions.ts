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

/** True when a stable (non-beta) version newer than the running one exists. */
export function isAgentUpdateAvailable(
  versions: readonly AgentVersion[],
  runningVersion: string | null,
): boolean {
  if (!runningVersion) return false;
  return versions.some(
    (version) => !version.is_beta && isNewerVersion(version.version_number, runningVersion),
  );
}
