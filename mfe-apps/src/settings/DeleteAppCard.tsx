import { Box, Checkbox, ListItem, Stack, Text, UnorderedList, useDisclosure } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { deployFailureProps, useToastMessage, type AppConfig } from 'shared';
import { ConfirmDialog } from 'shared/src/ui/ConfirmDialog';
import { DangerCard } from 'shared/src/ui/DangerCard';
import { DeployFailure } from 'shared/src/ui/DeployFailure';
import { useDeleteAppMutation } from '../useDeleteAppMutation';

/** 'Delete App': the confirmation lists what goes and lets the user keep the data volumes. */
export function DeleteAppCard({
  agentId,
  config,
  extensionUsers,
  disabled,
}: {
  agentId: string;
  config: AppConfig;
  /** The apps exposed through this app (a proxy): they lose their route and read as None. */
  extensionUsers: { id: string; name: string }[];
  disabled: boolean;
}) {
  const showToast = useToastMessage();
  const navigate = useNavigate();
  const confirm = useDisclosure();
  const [keepVolumes, setKeepVolumes] = useState(false);
  const remove = useDeleteAppMutation(
    agentId,
    config.id,
    extensionUsers.map((app) => app.id),
  );
  const open = () => {
    setKeepVolumes(false);
    remove.reset();
    confirm.onOpen();
  };
  const onDeleted = () => {
    confirm.onClose();
    showToast({ title: 'App deleted', status: 'success' });
    navigate('/');
  };
  return (
    <DangerCard
      title="Delete App"
      description={`Stops ${config.name}, removes its containers and files from the server, and forgets its configuration.`}
      buttonLabel="Delete App"
      isDisabled={disabled}
      onClick={open}
    >
      <ConfirmDialog
        isOpen={confirm.isOpen}
        title="Are you sure?"
        confirmLabel="Delete App"
        isLoading={remove.isPending}
        // A failure closes the dialog: its error block, under the card, links to the history.
        onConfirm={() => remove.mutate({ keepVolumes }, { onSuccess: onDeleted, onError: confirm.onClose })}
        onClose={confirm.onClose}
      >
        <Stack spacing={3}>
          <Text>{config.name} will be removed from the server with everything it made:</Text>
          <UnorderedList aria-label="What is removed" spacing={1}>
            <ListItem>its containers</ListItem>
            <ListItem>its networks</ListItem>
            {!keepVolumes && <ListItem>its named volumes, with the data in them</ListItem>}
            <ListItem>the images built for the app</ListItem>
          </UnorderedList>
          {extensionUsers.length > 0 && (
            <>
              <Text>
                {extensionUsers.length === 1 ? 'This app is' : `These ${extensionUsers.length} apps are`}{' '}
                exposed through {config.name}. They keep running, but their domains stop answering and their
                extension becomes None:
              </Text>
              <UnorderedList aria-label={`Apps exposed through ${config.name}`} spacing={1}>
                {extensionUsers.map((app) => (
                  <ListItem key={app.id}>{app.name}</ListItem>
                ))}
              </UnorderedList>
            </>
          )}
          <Checkbox isChecked={keepVolumes} onChange={(event) => setKeepVolumes(event.target.checked)}>
            Keep data volumes
          </Checkbox>
          <Text fontSize="sm" color="gray.600">
            {keepVolumes
              ? 'Its named volumes stay on the server.'
              : 'Volumes marked external are never removed.'}{' '}
            This action cannot be undone.
          </Text>
        </Stack>
      </ConfirmDialog>
      {remove.error && (
        <Box px={5} pb={5}>
          <DeployFailure {...deployFailureProps(remove.error, agentId, config.id)} />
        </Box>
      )}
    </DangerCard>
  );
}
