import { useMutation } from '@tanstack/react-query';
import { encryptForAgent, queryKeys, useCurrentAgent } from 'shared';
import { createRegistry } from './docker-api';

export interface RegistryCredentials {
  address: string;
  username: string;
  password: string;
}

/**
 * Adds a registry; resolves with the server's message. Username and password are encrypted here,
 * to the agent's certificate, as the call starts: the server only relays them.
 */
export function useCreateRegistryMutation(agentId: string) {
  const { agents } = useCurrentAgent();
  return useMutation({
    mutationFn: async ({ address, username, password }: RegistryCredentials) => {
      const encrypt = (value: string, field: string) =>
        value ? encryptForAgent(agents, agentId, value, field) : Promise.resolve('');
      return createRegistry(agentId, {
        address,
        username: await encrypt(username, 'username'),
        password: await encrypt(password, 'password'),
      });
    },
    meta: { errorToast: 'Error', invalidates: [queryKeys.registries.all(agentId)] },
  });
}
