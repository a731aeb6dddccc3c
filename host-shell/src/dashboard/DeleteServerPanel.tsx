import {
  AlertDialog,
  AlertDialogBody,
  AlertDialogContent,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogOverlay,
  Box,
  Button,
  Flex,
  Text,
  useDisclosure,
} from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { eventBus, type Agent } from 'shared';
import { deleteAgent } from '../api/agent-api';
import { useHostAgent } from '../shell/agents/CurrentAgentProvider';
import { TrashIcon } from '../shell/icons';

/** Offered only when the selected server is offline and has no apps (spec section 6). */
export function DeleteServerPanel({ agent }: { agent: Agent }) {
  const confirm = useDisclosure();
  const cancelRef = useRef<HTMLButtonElement>(null);
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
      <AlertDialog
        isOpen={confirm.isOpen}
        leastDestructiveRef={cancelRef}
        onClose={confirm.onClose}
        isCentered
      >
        <AlertDialogOverlay>
          <AlertDialogContent>
            <AlertDialogHeader>Delete {agent.name}?</AlertDialogHeader>
            <AlertDialogBody>
              This action cannot be undone. The server will be removed and must be connected again with a new
              code.
            </AlertDialogBody>
            <AlertDialogFooter gap={2}>
              <Button ref={cancelRef} variant="ghost" colorScheme="gray" onClick={confirm.onClose}>
                Cancel
              </Button>
              <Button colorScheme="red" isLoading={remove.isPending} onClick={() => remove.mutate()}>
                Delete
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialogOverlay>
      </AlertDialog>
    </Box>
  );
}
