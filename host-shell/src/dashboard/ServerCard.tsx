import { Badge, Box, Button, Flex, Text } from '@chakra-ui/react';
import {
  capabilityValue,
  COMPOSE_VERSION_CAPABILITY,
  composeVersionText,
  DOCKER_NOT_RESPONDING,
  formatHardware,
  serverPlanLabel,
  type Agent,
} from 'shared';

const SERVER_CARD_WIDTH = '350px';
const SERVER_CARD_HEIGHT = '150px';

interface ServerCardProps {
  agent: Agent | null;
  online: boolean;
  /** False while the server is online but its Docker engine does not answer the agent. */
  dockerResponding?: boolean;
  updateAvailable: boolean;
  onUpdate: () => void;
}

function Row({ label, children, lines = 1 }: { label: string; children: React.ReactNode; lines?: number }) {
  return (
    <Flex gap={2} fontSize="13px" lineHeight="1.45" minW={0}>
      <Text color="gray.600" flexShrink={0}>
        {label}:
      </Text>
      <Box noOfLines={lines} minW={0}>
        {children}
      </Box>
    </Flex>
  );
}

function planLabel(status: unknown): string {
  try {
    return serverPlanLabel(status);
  } catch {
    return 'Unknown plan';
  }
}

/**
 * The selected server at a glance (350x150): name, IP, Last Seen when offline, 'Docker is not
 * responding on this server' when its engine does not answer, hardware, agent and Compose version.
 */
export function ServerCard({
  agent,
  online,
  dockerResponding = true,
  updateAvailable,
  onUpdate,
}: ServerCardProps) {
  if (!agent) {
    return (
      <Flex
        w={SERVER_CARD_WIDTH}
        maxW="full"
        h={SERVER_CARD_HEIGHT}
        align="center"
        justify="center"
        borderWidth="1px"
        borderStyle="dashed"
        rounded="xl"
        p={4}
      >
        <Text fontSize="sm" color="gray.600">
          Select a server to view its details.
        </Text>
      </Flex>
    );
  }
  const version = capabilityValue(agent.capabilities, 'agent_version');
  // Agents before the compose_version capability report none: the card then says nothing of it.
  const compose = capabilityValue(agent.capabilities, COMPOSE_VERSION_CAPABILITY);
  return (
    <Box
      data-testid="server-card"
      w={SERVER_CARD_WIDTH}
      maxW="full"
      h={SERVER_CARD_HEIGHT}
      bg="white"
      borderWidth="1px"
      rounded="xl"
      px={4}
      py={3}
      overflow="hidden"
    >
      <Flex align="center" gap={2} mb={1.5}>
        <Text fontWeight="semibold" noOfLines={1} flex="1">
          {agent.name}
        </Text>
        <Badge variant="outline" colorScheme="purple" rounded="full" px={2}>
          {planLabel(agent.subscription_status)}
        </Badge>
        <Badge colorScheme={online ? 'green' : 'gray'} rounded="full" px={2}>
          {online ? 'Online' : 'Offline'}
        </Badge>
      </Flex>
      <Row label="IP">{capabilityValue(agent.capabilities, 'server_ip') ?? 'N/A'}</Row>
      {!online && (
        <Row label="Last Seen">{agent.last_seen ? new Date(agent.last_seen).toLocaleString() : 'Never'}</Row>
      )}
      {online && !dockerResponding && (
        <Text role="status" fontSize="13px" lineHeight="1.45" color="orange.600" fontWeight="medium">
          {DOCKER_NOT_RESPONDING}
        </Text>
      )}
      <Row label="Hardware" lines={online && dockerResponding ? 2 : 1}>
        {formatHardware(agent.capabilities)}
      </Row>
      {updateAvailable ? (
        <Button variant="link" size="sm" colorScheme="orange" onClick={onUpdate} mt={1}>
          Agent update available
        </Button>
      ) : (
        <Text fontSize="13px" color="gray.600">
          Agent Version: {version ?? 'N/A'}
          {compose && ` · ${composeVersionText(compose)}`}
        </Text>
      )}
    </Box>
  );
}
