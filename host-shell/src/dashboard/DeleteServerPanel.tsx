import { Box, Button, Flex, Text, useDisclosure } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { deleteAgent, eventBus, type Agent } from 'shared';
import { ConfirmDialog } from 'shared/src/ui/ConfirmDialog';
import { useHostAgent } from '../shell/agents/CurrentAgentProvider';
import { TrashIcon } from '../shell/icons';

/** Offered only when the selected server is offline and has no apps (spec section 6). */
export function DeleteServerPanel({ agent }: { agent: Agent }) {
  const confirm = useDisclosure();
  const { removeAgent } = useHostAgent();
  const remove = useMutation({
    mutationFn: () => deleteAgent(agent.id),
    onSuccess: () => {
      confirm.onClose();
      removeAgent(agent.id);
    },
    onError: (error: Error) =>
      eventBus.publish('toast:show', { title: 'Error', description: error.message, status: 'error' }),
  });

  return (
    <Box borderWidth="1px" borderColor="red.200" bg="red.50" rounded="xl" p={4} w="350px" maxW="full">
      <Flex align="center" gap={2} mb={1}>
        <TrashIcon boxSize={4} color="red.600" />
        <Text fontWeight="semibold" color="red.700">
          Server Can Be Deleted
        </Text>
      </Flex>
      <Text fontSize="sm" color="red.700" mb={3}>
        This server is offline and has no apps. You can remove it from your dashboard.
      </Text>
      <Button size="sm" colorScheme="red" onClick={confirm.onOpen}>
        Delete Server
      </Button>
      <ConfirmDialog
        isOpen={confirm.isOpen}
        title={`Delete ${agent.name}?`}
        confirmLabel="Delete"
        isLoading={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={confirm.onClose}
      >
        This action cannot be undone. The server will be removed and must be connected again with a new code.
      </ConfirmDialog>
    </Box>
  );
}
