import { FormControl, FormErrorMessage, FormHelperText, FormLabel, Input, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { validateRegistryAddress } from 'shared';
import { registriesQueryOptions } from './docker-api';
import { DockerFormDialog } from './DockerFormDialog';
import { DockerResourceTab } from './DockerResourceTab';
import { useCreateRegistryMutation } from './useCreateRegistryMutation';
import { useDeleteRegistryMutation } from './useDeleteRegistryMutation';

function AddRegistryDialog({ agentId, onClose }: { agentId: string; onClose: () => void }) {
  const [address, setAddress] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const error = validateRegistryAddress(address);
  const creation = useCreateRegistryMutation(agentId);
  return (
    <DockerFormDialog
      title="Add Registry"
      submitLabel="Add Registry"
      validationError={error}
      create={(onCreated) =>
        creation.mutate({ address: address.trim(), username, password }, { onSuccess: onCreated })
      }
      isCreating={creation.isPending}
      successMessage="Registry added successfully"
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
  const removal = useDeleteRegistryMutation(agentId);
  return (
    <DockerResourceTab
      agentId={agentId}
      label="Docker registries"
      query={registries}
      empty="No registries yet. Add one to pull private images on this server."
      addLabel="Add Registry"
      AddDialog={AddRegistryDialog}
      remove={(address, onRemoved) => removal.mutate(address, { onSuccess: onRemoved })}
      isRemoving={removal.isPending}
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
