import { FormControl, FormErrorMessage, FormLabel, Input } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { validateNetworkName } from 'shared';
import { networksQueryOptions } from './docker-api';
import { DockerFormDialog } from './DockerFormDialog';
import { DockerResourceTab } from './DockerResourceTab';
import { useCreateNetworkMutation } from './useCreateNetworkMutation';
import { useDeleteNetworkMutation } from './useDeleteNetworkMutation';

function CreateNetworkDialog({ agentId, onClose }: { agentId: string; onClose: () => void }) {
  const [name, setName] = useState('');
  const error = validateNetworkName(name);
  const creation = useCreateNetworkMutation(agentId);
  return (
    <DockerFormDialog
      title="Create Network"
      submitLabel="Create Network"
      validationError={error}
      create={(onCreated) => creation.mutate(name.trim(), { onSuccess: onCreated })}
      isCreating={creation.isPending}
      successMessage="Network created successfully"
      onClose={onClose}
    >
      {(showErrors) => (
        <FormControl isRequired isInvalid={showErrors && Boolean(error)}>
          <FormLabel>Network name</FormLabel>
          <Input
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="proxy"
            autoFocus
          />
          <FormErrorMessage>{error}</FormErrorMessage>
        </FormControl>
      )}
    </DockerFormDialog>
  );
}

/** The server's Docker networks. */
export function NetworksTab({ agentId }: { agentId: string }) {
  const networks = useQuery({
    ...networksQueryOptions(agentId),
    select: (list) => list.map((network) => ({ key: network.name })),
  });
  const removal = useDeleteNetworkMutation(agentId);
  return (
    <DockerResourceTab
      agentId={agentId}
      label="Docker networks"
      query={networks}
      empty="No networks yet. Create one to let apps on this server reach each other."
      addLabel="Create Network"
      AddDialog={CreateNetworkDialog}
      remove={(name, onRemoved) => removal.mutate(name, { onSuccess: onRemoved })}
      isRemoving={removal.isPending}
      removedMessage="Network deleted successfully"
      confirmTitle="Delete network?"
      confirmText={(name) => (
        <>
          The network <strong>{name}</strong> is removed from the server. This action cannot be undone.
        </>
      )}
    />
  );
}
