import { FormControl, FormErrorMessage, FormHelperText, FormLabel, Input, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { encryptForAgent, queryKeys, useCurrentAgent, validateRegistryAddress } from 'shared';
import { createRegistry, deleteRegistry, registriesQueryOptions } from './docker-api';
import { DockerFormDialog } from './DockerFormDialog';
import { DockerResourceTab } from './DockerResourceTab';

function AddRegistryDialog({ agentId, onClose }: { agentId: string; onClose: () => void }) {
  const { agents } = useCurrentAgent();
  const [address, setAddress] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const error = validateRegistryAddress(address);
  // Credentials are encrypted here, to the agent's certificate: the server only relays them.
  const create = async () => {
    const encrypt = (value: string, field: string) =>
      value ? encryptForAgent(agents, agentId, value, field) : Promise.resolve('');
    return createRegistry(agentId, {
      address: address.trim(),
      username: await encrypt(username, 'username'),
      password: await encrypt(password, 'password'),
    });
  };
  return (
    <DockerFormDialog
      title="Add Registry"
      submitLabel="Add Registry"
      validationError={error}
      create={create}
      successMessage="Registry added successfully"
      listKey={queryKeys.registries.list(agentId)}
      onClose={onClose}
    >
      {(showErrors) => (
        <Stack spacing={4}>
          <FormControl isRequired isInvalid={showErrors && Boolean(error)}>
            <FormLabel>Address</FormLabel>
            <Input
              value={address}
              onChange={(event) => setAddress(event.target.value)}
              placeholder="registry.example.com"
              autoFocus
            />
            <FormErrorMessage>{error}</FormErrorMessage>
          </FormControl>
          <FormControl>
            <FormLabel>Username</FormLabel>
            <Input
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              autoComplete="off"
            />
          </FormControl>
          <FormControl>
            <FormLabel>Password</FormLabel>
            <Input
              type="password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="new-password"
            />
            <FormHelperText>Encrypted for this server before it leaves your browser.</FormHelperText>
          </FormControl>
        </Stack>
      )}
    </DockerFormDialog>
  );
}

/** The server's Docker registries (address and user; passwords are never listed). */
export function RegistriesTab({ agentId }: { agentId: string }) {
  const registries = useQuery({
    ...registriesQueryOptions(agentId),
    select: (list) =>
      list.map((registry) => ({
        key: registry.address,
        secondary: registry.username ? `Signed in as ${registry.username}` : 'No credentials',
      })),
  });
  return (
    <DockerResourceTab
      agentId={agentId}
      label="Docker registries"
      query={registries}
      listKey={queryKeys.registries.list(agentId)}
      empty="No registries yet. Add one to pull private images on this server."
      addLabel="Add Registry"
      AddDialog={AddRegistryDialog}
      remove={(address) => deleteRegistry(agentId, address)}
      removedMessage="Registry deleted successfully"
      confirmTitle="Delete registry?"
      confirmText={(address) => (
        <>
          The server forgets the credentials for <strong>{address}</strong>. Apps already running keep their
          images.
        </>
      )}
    />
  );
}
