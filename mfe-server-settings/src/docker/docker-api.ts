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

const ITEM = { registries: 'registry', networks: 'network', volumes: 'volume' } as const;
const VERB_TEXT = { create: 'Create', delete: 'Delete' } as const;

/**
 * A Docker change, `POST /api/v1/{kind}/{verb}-{item}`: HTTP failures read 'Failed to {verb} {item}: …',
 * a refusal without a message the spec's default '{Verb} {item} failed'.
 */
async function change(
  kind: keyof DockerLists,
  verb: keyof typeof VERB_TEXT,
  agentId: string,
  fields: object,
): Promise<string> {
  const item = ITEM[kind];
  return (
    await apiCall<unknown>(`/api/v1/${kind}/${verb}-${item}`, {
      method: 'POST',
      body: { agent_id: agentId, ...fields },
      failureMessage: `Failed to ${verb} ${item}`,
      rejectedMessage: `${VERB_TEXT[verb]} ${item} failed`,
    })
  ).message;
}

/** Username and password arrive already encrypted to the agent's certificate (or empty). */
export const createRegistry = (
  agentId: string,
  registry: { address: string; username: string; password: string },
) => change('registries', 'create', agentId, registry);

export const deleteRegistry = (agentId: string, address: string) =>
  change('registries', 'delete', agentId, { address });

export const createNetwork = (agentId: string, name: string) =>
  change('networks', 'create', agentId, { name });

export const deleteNetwork = (agentId: string, name: string) =>
  change('networks', 'delete', agentId, { name });

export const deleteVolume = (agentId: string, name: string) => change('volumes', 'delete', agentId, { name });
