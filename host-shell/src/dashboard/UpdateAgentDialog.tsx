import {
  Alert,
  AlertDescription,
  AlertIcon,
  AlertTitle,
  Box,
  Button,
  Modal,
  ModalBody,
  ModalCloseButton,
  ModalContent,
  ModalFooter,
  ModalHeader,
  ModalOverlay,
  RadioGroup,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { capabilityValue, type Agent } from 'shared';
import { ConfirmDialog } from 'shared/src/ui/ConfirmDialog';
import { useUpdateAgentMutation } from '../api/useUpdateAgentMutation';
import { AgentVersionCard } from './AgentVersionCard';
import { hostManagedUpdates, lastUpdateOutcome, rolledBackText } from './agent-update-state';
import {
  agentVersionsQueryOptions,
  olderAgentVersionsQueryOptions,
  orderAgentVersions,
} from './agent-versions';

interface UpdateAgentDialogProps {
  agent: Agent;
  isOpen: boolean;
  onClose: () => void;
}

function Notice({
  status,
  title,
  text,
}: {
  status: 'info' | 'warning' | 'error';
  title: string;
  text: string;
}) {
  return (
    <Alert status={status} rounded="md" alignItems="flex-start" mb={3}>
      <AlertIcon />
      <Box>
        <AlertTitle fontSize="sm">{title}</AlertTitle>
        <AlertDescription fontSize="sm">{text}</AlertDescription>
      </Box>
    </Alert>
  );
}

/**
 * Versions as radio cards; 'Update to {name}'. Older versions only on request, installed as a
 * downgrade after their own confirmation. Says when the host manages updates and how the last
 * update ended when it was rolled back.
 */
export default function UpdateAgentDialog({ agent, isOpen, onClose }: UpdateAgentDialogProps) {
  const managed = hostManagedUpdates(agent);
  const outcome = lastUpdateOutcome(agent);
  const running = capabilityValue(agent.capabilities, 'agent_version');
  const [showOlder, setShowOlder] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const [confirmingDowngrade, setConfirmingDowngrade] = useState(false);
  const versions = useQuery(agentVersionsQueryOptions(agent.id));
  const olderVersions = useQuery({ ...olderAgentVersionsQueryOptions(agent.id), enabled: showOlder });
  const newer = orderAgentVersions(versions.data ?? []);
  const older = showOlder ? orderAgentVersions(olderVersions.data ?? []) : [];
  const selected =
    [...newer, ...older].find((version) => version.version_number === chosen) ??
    newer.find((version) => !version.is_beta) ??
    newer[0];
  const isDowngrade = selected !== undefined && older.includes(selected);
  const update = useUpdateAgentMutation(agent.id);
  const install = (downgrade: boolean) =>
    selected && update.mutate({ version: selected.version_number, downgrade }, { onSuccess: onClose });

  return (
    <Modal isOpen={isOpen} onClose={onClose} size="lg" isCentered scrollBehavior="inside">
      <ModalOverlay />
      <ModalContent>
        <ModalHeader>Update Agent</ModalHeader>
        <ModalCloseButton />
        <ModalBody>
          {managed && <Notice status="info" title="Agent updates are managed on the host" text={managed} />}
          {outcome?.status === 'rolled_back' && (
            <Notice status="warning" title="Update rolled back" text={rolledBackText(outcome)} />
          )}
          {update.error && <Notice status="error" title="Update Failed" text={update.error.message} />}
          {(versions.isLoading || olderVersions.isFetching) && <Spinner />}
          {versions.error && (
            <Text color="red.600" fontSize="sm">
              {versions.error.message}
            </Text>
          )}
          {versions.isSuccess && newer.length === 0 && !managed && (
            <Text fontSize="sm" color="gray.600">
              This server runs the newest agent version{running ? ` (${running})` : ''}.
            </Text>
          )}
          <RadioGroup value={selected?.version_number ?? ''} onChange={setChosen}>
            <Stack spacing={3}>
              {newer.map((version) => (
                <AgentVersionCard
                  key={version.version_number}
                  version={version}
                  active={version === selected}
                />
              ))}
              {older.length > 0 && (
                <Text fontSize="sm" fontWeight="semibold" color="gray.600" pt={2}>
                  Older versions (downgrade)
                </Text>
              )}
              {older.map((version) => (
                <AgentVersionCard
                  key={version.version_number}
                  version={version}
                  active={version === selected}
                />
              ))}
            </Stack>
          </RadioGroup>
          {showOlder && olderVersions.isSuccess && older.length === 0 && (
            <Text fontSize="sm" color="gray.600" mt={2}>
              No older versions are published.
            </Text>
          )}
          {!managed && !showOlder && (
            <Button variant="link" size="sm" mt={3} onClick={() => setShowOlder(true)}>
              Install an older version…
            </Button>
          )}
        </ModalBody>
        <ModalFooter gap={2}>
          <Button variant="ghost" colorScheme="gray" onClick={onClose}>
            Cancel
          </Button>
          {isDowngrade && selected ? (
            <Button colorScheme="orange" onClick={() => setConfirmingDowngrade(true)}>
              {`Downgrade to ${selected.name}`}
            </Button>
          ) : (
            <Button isDisabled={!selected} isLoading={update.isPending} onClick={() => install(false)}>
              {selected ? `Update to ${selected.name}` : 'Update'}
            </Button>
          )}
        </ModalFooter>
      </ModalContent>
      {selected && (
        <ConfirmDialog
          isOpen={confirmingDowngrade}
          title={`Downgrade to ${selected.name}?`}
          confirmLabel="Downgrade"
          isLoading={update.isPending}
          onConfirm={() => {
            setConfirmingDowngrade(false);
            install(true);
          }}
          onClose={() => setConfirmingDowngrade(false)}
        >
          {`The agent goes back from ${running ?? 'its current version'} to the older ${selected.version_number}. Use this to undo a problem with a newer version; the dashboard will offer the newer versions again.`}
        </ConfirmDialog>
      )}
    </Modal>
  );
}
