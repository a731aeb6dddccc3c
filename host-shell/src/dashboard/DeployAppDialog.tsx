import {
  Box,
  Flex,
  Modal,
  ModalBody,
  ModalCloseButton,
  ModalContent,
  ModalHeader,
  ModalOverlay,
  SimpleGrid,
  Text,
} from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import { CatalogIcon, CodeIcon } from '../looks/icons';

interface ChoiceProps {
  title: string;
  description: string;
  icon: ComponentType<{ boxSize?: number }>;
  onSelect: () => void;
}

function Choice({ title, description, icon: IconComponent, onSelect }: ChoiceProps) {
  return (
    <Box
      as="button"
      type="button"
      onClick={onSelect}
      textAlign="left"
      p={5}
      borderWidth="1px"
      rounded="xl"
      _hover={{ borderColor: 'blue.400', shadow: 'md' }}
      transition="all 0.15s"
    >
      <Flex w={10} h={10} rounded="lg" bg="blue.50" color="blue.600" align="center" justify="center" mb={3}>
        <IconComponent boxSize={5} />
      </Flex>
      <Text fontWeight="semibold">{title}</Text>
      <Text fontSize="sm" color="gray.600" mt={1}>
        {description}
      </Text>
    </Box>
  );
}

/** 'Deploy App': one-click from the catalog, or your own Docker Compose app. */
export default function DeployAppDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const go = (path: string) => {
    onClose();
    navigate(path);
  };
  return (
    <Modal isOpen={isOpen} onClose={onClose} size="xl" isCentered>
      <ModalOverlay />
      <ModalContent>
        <ModalHeader>Deploy App</ModalHeader>
        <ModalCloseButton />
        <ModalBody pb={6}>
          <SimpleGrid columns={{ base: 1, md: 2 }} spacing={4}>
            <Choice
              title="One-Click deployment from Catalog"
              description="Pick a ready-made app from the catalog and install it in seconds."
              icon={CatalogIcon}
              onSelect={() => go('/catalog')}
            />
            <Choice
              title="Deploy Your Own App"
              description="Bring your own Docker Compose files and variables."
              icon={CodeIcon}
              onSelect={() => go('/create-app')}
            />
          </SimpleGrid>
        </ModalBody>
      </ModalContent>
    </Modal>
  );
}
