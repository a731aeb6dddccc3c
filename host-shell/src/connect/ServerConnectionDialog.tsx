import {
  Box,
  Button,
  Container,
  Flex,
  FormControl,
  FormLabel,
  Grid,
  Heading,
  Modal,
  ModalBody,
  ModalCloseButton,
  ModalContent,
  ModalHeader,
  Select,
  Stack,
  Text,
  useDisclosure,
} from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { canConnectServer, useAuth, useToastMessage } from 'shared';
import { useRegisterAgentMutation } from '../api/useRegisterAgentMutation';
import { useHostAgent } from '../current-server/CurrentAgentProvider';
import { PlusIcon, ServerIcon } from '../looks/icons';
import { CodeInput } from './CodeInput';
import { CreateOrganizationDialog } from './CreateOrganizationDialog';
import { HostingProviderTabs } from './HostingProviderTabs';
import { InstallCommand } from './InstallCommand';
import { SERVER_REQUIREMENTS, installCommand } from './hosting-providers';

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <Flex gap={3}>
      <Flex
        w={7}
        h={7}
        rounded="full"
        bg="blue.600"
        color="white"
        fontSize="sm"
        fontWeight="bold"
        align="center"
        justify="center"
        flexShrink={0}
      >
        {number}
      </Flex>
      <Box flex="1" minW={0}>
        <Text fontWeight="semibold" mb={2}>
          {title}
        </Text>
        {children}
      </Box>
    </Flex>
  );
}

/** Full-screen server connection: recommended providers, and pairing your own server with its code. */
export default function ServerConnectionDialog({
  isOpen,
  onClose,
}: {
  isOpen: boolean;
  onClose: () => void;
}) {
  const { user } = useAuth();
  const { addAgent } = useHostAgent();
  const showToast = useToastMessage();
  const organizations = user?.organizations ?? [];
  const [organizationId, setOrganizationId] = useState<string>(organizations[0]?.id ?? '');
  const [code, setCode] = useState('');
  const createOrganization = useDisclosure();

  const connect = useRegisterAgentMutation();
  const connectServer = () =>
    connect.mutate(
      { code, organizationId },
      {
        onSuccess: ({ agent }) => {
          addAgent(agent);
          showToast({
            title: 'Server Connected',
            description: `${agent.name} is now connected.`,
            status: 'success',
          });
          onClose();
        },
      },
    );
  const ready = canConnectServer(code, organizationId) && !connect.isPending;

  return (
    <Modal isOpen={isOpen} onClose={onClose} size="full" scrollBehavior="inside">
      <ModalContent bg="gray.50" data-testid="server-connection-dialog">
        <ModalHeader borderBottomWidth="1px" bg="white">
          <Flex align="center" gap={3}>
            <Flex w={8} h={8} rounded="md" bg="blue.600" color="white" align="center" justify="center">
              <ServerIcon boxSize={4} />
            </Flex>
            Connect a Server
          </Flex>
        </ModalHeader>
        <ModalCloseButton />
        <ModalBody py={8}>
          <Container maxW="6xl">
            <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap={8}>
              <Stack spacing={4}>
                <Box>
                  <Heading size="md">Recommended hosting providers</Heading>
                  <Text fontSize="sm" color="gray.600">
                    No server yet? Rent one from a provider we work well with.
                  </Text>
                </Box>
                <HostingProviderTabs />
                <Box bg="white" borderWidth="1px" rounded="xl" p={4}>
                  <Text fontWeight="semibold" fontSize="sm">
                    Requirements
                  </Text>
                  <Text fontSize="sm" color="gray.600">
                    {SERVER_REQUIREMENTS}
                  </Text>
                </Box>
              </Stack>

              <Stack
                spacing={5}
                bg="white"
                borderWidth="1px"
                rounded="2xl"
                p={6}
                as="section"
                aria-label="Bring Your Own Server"
              >
                <Box>
                  <Heading size="md">Bring Your Own Server</Heading>
                  <Text fontSize="sm" color="gray.600">
                    Install the agent on any Linux server you control and pair it here.
                  </Text>
                </Box>
                <FormControl>
                  <FormLabel fontSize="sm">Organization</FormLabel>
                  <Flex gap={2}>
                    <Select
                      aria-label="Organization"
                      value={organizationId}
                      onChange={(event) => setOrganizationId(event.target.value)}
                      placeholder={organizations.length ? undefined : 'Create an organization first'}
                    >
                      {organizations.map((organization) => (
                        <option key={organization.id} value={organization.id}>
                          {organization.name}
                        </option>
                      ))}
                    </Select>
                    <Button
                      variant="outline"
                      leftIcon={<PlusIcon boxSize={4} />}
                      onClick={createOrganization.onOpen}
                      flexShrink={0}
                    >
                      New
                    </Button>
                  </Flex>
                </FormControl>
                <Text fontSize="xs" fontWeight="bold" color="gray.600" letterSpacing="wide">
                  QUICK START
                </Text>
                <Step number={1} title="Run this command on your server">
                  <InstallCommand command={installCommand(window.location.origin)} />
                </Step>
                <Step number={2} title="Enter the 6-character code the agent prints">
                  <CodeInput value={code} onChange={setCode} isDisabled={connect.isPending} />
                </Step>
                <Button size="lg" isDisabled={!ready} onClick={connectServer}>
                  {connect.isPending ? 'Connecting...' : 'Connect Server'}
                </Button>
                {!organizationId && (
                  <Text fontSize="xs" color="gray.600" textAlign="center" mt={-3}>
                    Create or choose an organization to connect the server to.
                  </Text>
                )}
              </Stack>
            </Grid>
          </Container>
        </ModalBody>
      </ModalContent>
      <CreateOrganizationDialog
        isOpen={createOrganization.isOpen}
        onClose={createOrganization.onClose}
        onCreated={setOrganizationId}
      />
    </Modal>
  );
}
