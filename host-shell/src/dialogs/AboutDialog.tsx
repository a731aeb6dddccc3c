import {
  Box,
  Modal,
  ModalBody,
  ModalCloseButton,
  ModalContent,
  ModalHeader,
  ModalOverlay,
  SimpleGrid,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { capabilityValue, useCurrentAgent } from 'shared';
import { serverVersionQueryOptions } from '../api/server-info';
import { RemoteVersions } from '../federation/RemoteVersions';

/**
 * About Dockhand (user menu): the server's release, the selected server's agent version and the
 * versions of the dashboard parts in use. What support asks for, out of everyone's way.
 */
interface AboutDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** Where the focus goes on close: the control that opened the dialog. */
  finalFocusRef: RefObject<HTMLElement | null>;
}

export function AboutDialog({ isOpen, onClose, finalFocusRef }: AboutDialogProps) {
  const { currentAgent } = useCurrentAgent();
  const server = useQuery({ ...serverVersionQueryOptions(), enabled: isOpen });
  const agentVersion = currentAgent
    ? (capabilityValue(currentAgent.capabilities, 'agent_version') ?? 'N/A')
    : null;
  return (
    <Modal isOpen={isOpen} onClose={onClose} finalFocusRef={finalFocusRef} isCentered>
      <ModalOverlay />
      <ModalContent>
        <ModalHeader>About Dockhand</ModalHeader>
        <ModalCloseButton />
        <ModalBody pb={6}>
          <SimpleGrid as="dl" columns={2} spacingX={4} spacingY={2} fontSize="sm">
            <Text as="dt" color="gray.600">
              Server version
            </Text>
            <Text as="dd" data-testid="about-server-version">
              {server.isPending ? 'Loading...' : (server.data ?? 'Unknown')}
            </Text>
            <Text as="dt" color="gray.600">
              Agent version
            </Text>
            <Text as="dd" data-testid="about-agent-version">
              {currentAgent ? `${agentVersion} (${currentAgent.name})` : 'No server selected'}
            </Text>
          </SimpleGrid>
          <Box mt={4} fontSize="sm">
            <Text color="gray.600" mb={1}>
              Dashboard parts
            </Text>
            <RemoteVersions />
          </Box>
        </ModalBody>
      </ModalContent>
    </Modal>
  );
}
