import { Box, Button, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { PlusIcon, RocketIcon, ServerIcon, ShieldIcon } from '../looks/icons';

const STEPS: { title: string; text: string; icon: ComponentType<{ boxSize?: number }> }[] = [
  {
    title: 'Connect a server',
    text: 'Install the agent on your Linux server and pair it with a 6-character code.',
    icon: ServerIcon,
  },
  {
    title: 'Deploy applications',
    text: 'Install apps from the catalog in one click, or bring your own Docker Compose.',
    icon: RocketIcon,
  },
  {
    title: 'Manage security and updates',
    text: 'Keep secrets encrypted, apps updated and your server healthy.',
    icon: ShieldIcon,
  },
];

/** Shown with no servers: setup takes under 5 minutes, three steps, 'Add Your First Server'. */
export function WelcomePanel({ onAddServer }: { onAddServer: () => void }) {
  return (
    <Box
      bg="white"
      borderWidth="1px"
      rounded="2xl"
      p={{ base: 6, md: 10 }}
      textAlign="center"
      data-testid="welcome-panel"
    >
      <Heading size="lg" mb={2}>
        Welcome to Dockhand
      </Heading>
      <Text color="gray.600" mb={8}>
        Get your first app running in under 5 minutes.
      </Text>
      <SimpleGrid columns={{ base: 1, md: 3 }} spacing={4} mb={8} textAlign="left">
        {STEPS.map((step, index) => (
          <Box key={step.title} borderWidth="1px" rounded="xl" p={5} bg="gray.50">
            <Flex align="center" gap={3} mb={2}>
              <Flex w={9} h={9} rounded="lg" bg="blue.600" color="white" align="center" justify="center">
                <step.icon boxSize={4} />
              </Flex>
              <Text fontSize="xs" fontWeight="bold" color="blue.600">
                STEP {index + 1}
              </Text>
            </Flex>
            <Text fontWeight="semibold">{step.title}</Text>
            <Text fontSize="sm" color="gray.600" mt={1}>
              {step.text}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
      <Button size="lg" leftIcon={<PlusIcon boxSize={4} />} onClick={onAddServer}>
        Add Your First Server
      </Button>
    </Box>
  );
}
