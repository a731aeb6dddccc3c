import { Alert, AlertDescription, AlertIcon, Button, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { isAgentFeatureEnabled, isServerUnpaid, type Agent } from 'shared';

/** Each Docker tab, with the agent feature it needs and the words its messages use. */
const DOCKER_TABS = {
  registries: { feature: 'docker_registries', title: 'Docker Registries' },
  networks: { feature: 'docker_networks', title: 'Docker Networks' },
  volumes: { feature: 'docker_volumes', title: 'Docker Volumes' },
} as const;
export type DockerTabKind = keyof typeof DOCKER_TABS;

/**
 * What a Docker tab shows before its content: the billing prompt for an unpaid server, the
 * offline text, or the feature-off text (spec section 2, Server Settings); else the content.
 */
export function DockerTabGate({
  kind,
  agent,
  isOnline,
  children,
}: {
  kind: DockerTabKind;
  agent: Agent;
  isOnline: boolean;
  children: ReactNode;
}) {
  const tab = DOCKER_TABS[kind];
  if (isServerUnpaid(agent.subscription_status))
    return (
      <Alert status="warning" rounded="md" alignItems="flex-start">
        <AlertIcon />
        <Stack spacing={2}>
          <AlertDescription>
            {tab.title} management needs a plan for this server. Assign the Free plan or upgrade to Pro.
          </AlertDescription>
          <Button as={RouterLink} to="/organization" size="sm" colorScheme="purple" alignSelf="flex-start">
            Manage Organization
          </Button>
        </Stack>
      </Alert>
    );
  if (!isOnline)
    return <Text color="gray.600">{tab.title} management is not available when the server is offline.</Text>;
  if (!isAgentFeatureEnabled(agent, tab.feature))
    return (
      <Text color="gray.600">
        {tab.title} management is disabled for this server. The agent may not be updated to the latest version
        or the feature is turned off.
      </Text>
    );
  return <>{children}</>;
}
