import { queryOptions } from '@tanstack/react-query';
import { apiCall, apiGet, queryKeys, type DockerVolume, type Network, type Registry } from 'shared';

/** Spec section 9: registries and networks are fresh for 60 s. */
const DOCKER_LISTS_STALE_TIME_MS = 60_000;

/** What each of the agent's Docker lists holds. */
interface DockerLists {
  registries: Registry;
  networks: Network;
  volumes: DockerVolume;
}

/**
 * One of the agent's Docker lists: `GET /api/v1/{kind}/get-{kind}?agent_id=` answers `{ [kind]: [...] }`;
 * a failure reads 'Failed to fetch {kind}'.
 */
const dockerListQueryOptions = <K extends keyof DockerLists>(kind: K, agentId: string) =>
  // eslint-disable-next-line @tanstack/query/exhaustive-deps -- kind is the key's root: queryKeys[kind]
  queryOptions({
    queryKey: queryKeys[kind].list(agentId),
    queryFn: async ({ signal }): Promise<DockerLists[K][]> => {
      const data = await apiGet<Partial<Record<K, DockerLists[K][]>>>(`/api/v1/${kind}/get-${kind}`, {
        query: { agent_id: agentId },
        failureMessage: `Failed to fetch ${kind}`,
        signal,
      });
      return data?.[kind] ?? [];
    },
    staleTime: DOCKER_LISTS_STALE_TIME_MS,
  });

export const registriesQueryOptions = (agentId: string) => dockerListQueryOptions('registries', agentId);
export const networksQueryOptions = (agentId: string) => dockerListQueryOptions('networks', agentId);
export const volumesQueryOptions = (agentId: string) => dockerListQueryOptions('volumes', agentId);

/** A Docker change: HTTP failures read 'Failed to {action}: …', a refusal without a message the spec's default. */
async function post(path: string, body: object, action: string, rejectedMessage: string): Promise<string> {
  return (
    await apiCall<unknown>(path, {
      method: 'POST',
      body,
      failureMessage: `Failed to ${action}`,
      rejectedMessage,
    })
  ).message;
}

/** Username and password arrive already encrypted to the agent's certificate (or empty). */
export const createRegistry = (
  agentId: string,
  registry: { address: string; username: string; password: string },
) =>
  post(
    '/api/v1/registries/create-registry',
    { agent_id: agentId, ...registry },
    'create registry',
    'Create registry failed',
  );

export const deleteRegistry = (agentId: string, address: string) =>
  post(
    '/api/v1/registries/delete-registry',
    { agent_id: agentId, address },
    'delete registry',
    'Delete registry failed',
  );

export const createNetwork = (agentId: string, name: string) =>
  post(
    '/api/v1/networks/create-network',
    { agent_id: agentId, name },
    'create network',
    'Create network failed',
  );

export const deleteNetwork = (agentId: string, name: string) =>
  post(
    '/api/v1/networks/delete-network',
    { agent_id: agentId, name },
    'delete network',
    'Delete network failed',
  );

export const deleteVolume = (agentId: string, name: string) =>
  post('/api/v1/volumes/delete-volume', { agent_id: agentId, name }, 'delete volume', 'Delete volume failed');
