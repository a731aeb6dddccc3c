import {
  Button,
  Card,
  CardBody,
  Flex,
  FormControl,
  FormErrorMessage,
  FormLabel,
  Heading,
  Input,
  Stack,
  useDisclosure,
} from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  planServerRename,
  useDeleteAgentMutation,
  useRenameAgentMutation,
  useToastMessage,
  type Agent,
} from 'shared';
import { DangerCard } from 'shared/src/ui/DangerCard';
import { DeleteServerDialog } from 'shared/src/ui/DeleteServerDialog';
import { AdmissionPolicyCard } from './AdmissionPolicyCard';

function RenameCard({ agent }: { agent: Agent }) {
  const showToast = useToastMessage();
  const [name, setName] = useState(agent.name);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameAgentMutation(agent.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const plan = planServerRename(agent.name, name);
    if (plan.kind === 'error') setError(plan.message);
    else if (plan.kind === 'rename')
      rename.mutate(plan.name, {
        onSuccess: (_message, next) => {
          setName(next);
          showToast({
            title: 'Server Renamed',
            description: `The server is now called ${next}.`,
            status: 'success',
          });
        },
      });
    else setName(agent.name);
  };
  const changed = name.trim() !== agent.name;
  return (
    <Card variant="outline" as="form" onSubmit={submit} noValidate>
      <CardBody>
        <Stack spacing={4}>
          <Heading size="sm">Server name</Heading>
          <FormControl isInvalid={Boolean(error)}>
            <FormLabel>Name</FormLabel>
            <Input
              value={name}
              maxW="md"
              onChange={(event) => {
                setName(event.target.value);
                setError(null);
              }}
            />
            <FormErrorMessage>{error}</FormErrorMessage>
          </FormControl>
          <Flex gap={2}>
            <Button
              type="submit"
              colorScheme="blue"
              size="sm"
              isLoading={rename.isPending}
              isDisabled={!changed}
            >
              Save
            </Button>
            <Button
              size="sm"
              variant="ghost"
              isDisabled={!changed || rename.isPending}
              onClick={() => {
                setName(agent.name);
                setError(null);
              }}
            >
              Cancel
            </Button>
          </Flex>
        </Stack>
      </CardBody>
    </Card>
  );
}

function DeleteCard({ agent, isOnline }: { agent: Agent; isOnline: boolean }) {
  const confirm = useDisclosure();
  const navigate = useNavigate();
  const showToast = useToastMessage();
  // On success the shell drops the server from the list and selects the next one.
  const remove = useDeleteAgentMutation(agent.id);
  const onDeleted = () => {
    confirm.onClose();
    showToast({ title: 'Success', description: `${agent.name} was deleted.`, status: 'success' });
    navigate('/');
  };
  return (
    <DangerCard
      title="Delete server"
      description={
        isOnline
          ? 'Stop the agent on this server first: only an offline server can be deleted.'
          : 'The server is removed from this dashboard. To use it again, install the agent and connect it with a new code.'
      }
      buttonLabel="Delete Server"
      isDisabled={isOnline}
      onClick={confirm.onOpen}
    >
      <DeleteServerDialog
        agent={agent}
        isOpen={confirm.isOpen}
        isLoading={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSuccess: onDeleted })}
        onClose={confirm.onClose}
      />
    </DangerCard>
  );
}

/** General: rename the server, see its admission policy, and delete it once it is offline. */
export function GeneralTab({ agent, isOnline }: { agent: Agent; isOnline: boolean }) {
  return (
    <Stack spacing={5} maxW="2xl">
      <RenameCard key={agent.id} agent={agent} />
      <AdmissionPolicyCard agent={agent} />
      <DeleteCard agent={agent} isOnline={isOnline} />
    </Stack>
  );
}
