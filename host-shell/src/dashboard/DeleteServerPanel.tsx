import { Box, Button, Flex, Text, useDisclosure } from '@chakra-ui/react';
import type { Agent } from 'shared';
import { DeleteServerDialog } from 'shared/src/ui/DeleteServerDialog';
import { useHostAgent } from '../shell/agents/CurrentAgentProvider';
import { TrashIcon } from '../shell/icons';

/** Offered only when the selected server is offline and has no apps (spec section 6). */
export function DeleteServerPanel({ agent }: { agent: Agent }) {
  const confirm = useDisclosure();
  const { removeAgent } = useHostAgent();
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
        onClose={confirm.onClose}
        onDeleted={() => removeAgent(agent.id)}
      />
    </Box>
  );
}
