import {
  Badge,
  Box,
  Button,
  Flex,
  Link,
  Modal,
  ModalBody,
  ModalCloseButton,
  ModalContent,
  ModalFooter,
  ModalHeader,
  ModalOverlay,
  Radio,
  RadioGroup,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Agent } from 'shared';
import { useUpdateAgentMutation } from '../api/useUpdateAgentMutation';
import { agentVersionsQueryOptions, orderAgentVersions } from './agent-versions';

interface UpdateAgentDialogProps {
  agent: Agent;
  isOpen: boolean;
  onClose: () => void;
}

/** Versions as radio cards (name, Beta badge, message, release notes); 'Update to {name}'. */
export default function UpdateAgentDialog({ agent, isOpen, onClose }: UpdateAgentDialogProps) {
  const versions = useQuery(agentVersionsQueryOptions(agent.id));
  const ordered = orderAgentVersions(versions.data ?? []);
  const [chosen, setChosen] = useState<string | null>(null);
  const selected =
    ordered.find((version) => version.version_number === chosen) ??
    ordered.find((version) => !version.is_beta) ??
    ordered[0];

  const update = useUpdateAgentMutation(agent.id);

  return (
    <Modal isOpen={isOpen} onClose={onClose} size="lg" isCentered scrollBehavior="inside">
      <ModalOverlay />
      <ModalContent>
        <ModalHeader>Update Agent</ModalHeader>
        <ModalCloseButton />
        <ModalBody>
          {versions.isLoading && <Spinner />}
          {versions.error && (
            <Text color="red.500" fontSize="sm">
              {versions.error.message}
            </Text>
          )}
          <RadioGroup value={selected?.version_number ?? ''} onChange={setChosen}>
            <Stack spacing={3}>
              {ordered.map((version) => {
                const active = version.version_number === selected?.version_number;
                return (
                  <Box
                    key={version.version_number}
                    as="label"
                    cursor="pointer"
                    borderWidth="1px"
                    borderColor={active ? 'blue.400' : 'gray.200'}
                    bg={active ? 'blue.50' : 'white'}
                    rounded="lg"
                    p={3}
                  >
                    <Flex align="flex-start" gap={3}>
                      <Radio value={version.version_number} mt={1} />
                      <Box flex="1">
                        <Flex align="center" gap={2}>
                          <Text fontWeight="semibold">{version.name}</Text>
                          {version.is_beta && <Badge colorScheme="purple">Beta</Badge>}
                        </Flex>
                        {version.message && (
                          <Text fontSize="sm" color="gray.600" mt={1}>
                            {version.message}
                          </Text>
                        )}
                        {version.url && (
                          <Link href={version.url} isExternal fontSize="sm" color="blue.600">
                            View release notes
                          </Link>
                        )}
                      </Box>
                    </Flex>
                  </Box>
                );
              })}
            </Stack>
          </RadioGroup>
        </ModalBody>
        <ModalFooter gap={2}>
          <Button variant="ghost" colorScheme="gray" onClick={onClose}>
            Cancel
          </Button>
          <Button
            isDisabled={!selected}
            isLoading={update.isPending}
            onClick={() => selected && update.mutate(selected.version_number)}
          >
            {selected ? `Update to ${selected.name}` : 'Update'}
          </Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  );
}
