import { queryOptions } from '@tanstack/react-query';
import { apiCall, apiGet, queryKeys, type DockerVolume, type Network, type Registry } from 'shared';

/** Spec section 9: registries and networks are fresh for 60 s. */
const DOCKER_LISTS_STALE_TIME_MS = 60_000;

export const registriesQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: queryKeys.registries.list(agentId),
    queryFn: async ({ signal }) => {
      const data = await apiGet<{ registries?: Registry[] }>('/api/v1/registries/get-registries', {
        query: { agent_id: agentId },
        failureMessage: 'Failed to fetch registries',
        signal,
      });
      return data?.registries ?? [];
    },
    staleTime: DOCKER_LISTS_STALE_TIME_MS,
  });

export const networksQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: queryKeys.networks.list(agentId),
    queryFn: async ({ signal }) => {
      const data = await apiGet<{ networks?: Network[] }>('/api/v1/networks/get-networks', {
        query: { agent_id: agentId },
        failureMessage: 'Failed to fetch networks',
        signal,
      });
      return data?.networks ?? [];
    },
    staleTime: DOCKER_LISTS_STALE_TIME_MS,
  });

export const volumesQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: queryKeys.volumes.list(agentId),
    queryFn: async ({ signal }) => {
      const data = await apiGet<{ volumes?: DockerVolume[] }>('/api/v1/volumes/get-volumes', {
        query: { agent_id: agentId },
        failureMessage: 'Failed to fetch volumes',
        signal,
      });
      return data?.volumes ?? [];
    },
    staleTime: DOCKER_LISTS_STALE_TIME_MS,
  });

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
