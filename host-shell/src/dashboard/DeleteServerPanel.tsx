import { Box, Button, Flex, Text, useDisclosure } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { deleteAgent, useToastMessage, type Agent } from 'shared';
import { DeleteServerDialog } from 'shared/src/ui/DeleteServerDialog';
import { useHostAgent } from '../shell/agents/CurrentAgentProvider';
import { TrashIcon } from '../shell/icons';

/** Offered only when the selected server is offline and has no apps (spec section 6). */
export function DeleteServerPanel({ agent }: { agent: Agent }) {
  const confirm = useDisclosure();
  const { removeAgent } = useHostAgent();
  const showToast = useToastMessage();
  const remove = useMutation({
    mutationFn: () => deleteAgent(agent.id),
    onSuccess: () => {
      confirm.onClose();
      removeAgent(agent.id);
    },
    onError: (failure) => showToast({ title: 'Error', description: failure.message, status: 'error' }),
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
      <DeleteServerDialog
        agent={agent}
        isOpen={confirm.isOpen}
        isLoading={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={confirm.onClose}
      />
    </Box>
  );
}
