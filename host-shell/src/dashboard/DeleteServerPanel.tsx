import { Box, Button, Flex, Text, useDisclosure } from '@chakra-ui/react';
import { useDeleteAgentMutation, type Agent } from 'shared';
import { TrashIcon } from '../looks/icons';
import { lazyOnFirstOpen } from '../load-on-use/lazyOnFirstOpen';

const DeleteServerDialog = lazyOnFirstOpen(
  () => import('shared/src/ui/DeleteServerDialog').then((module) => module.DeleteServerDialog),
  'The dialog',
);

/** Offered only when the selected server is offline and has no apps (spec section 6). */
export function DeleteServerPanel({ agent }: { agent: Agent }) {
  const confirm = useDisclosure();
  // On success the shell drops the server and selects the next one (agent:deleted).
  const remove = useDeleteAgentMutation(agent.id);
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
        onConfirm={() => remove.mutate(undefined, { onSuccess: confirm.onClose })}
        onClose={confirm.onClose}
      />
    </Box>
  );
}
