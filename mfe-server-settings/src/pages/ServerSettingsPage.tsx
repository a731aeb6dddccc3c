import { Box, Heading, Tab, TabList, TabPanel, TabPanels, Tabs, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { agentsQueryOptions, canManageServer, useCurrentAgent, useCurrentUser, useTabParam } from 'shared';
import { REMOTE_BUILD } from '../buildInfo';
import { DockerTabGate } from '../docker/DockerTabGate';
import { NetworksTab } from '../docker/NetworksTab';
import { RegistriesTab } from '../docker/RegistriesTab';
import { VolumesTab } from '../docker/VolumesTab';
import { GeneralTab } from '../general/GeneralTab';

/** Tab ids of spec section 9, also the `?tab=` value that opens one. */
const TAB_IDS = ['general', 'docker-registries', 'docker-networks', 'docker-volumes'] as const;

/** Server Settings (route `settings`): General, Docker Registries, Docker Networks and Docker Volumes. */
export default function ServerSettingsPage() {
  const { currentAgentId, isOnline } = useCurrentAgent();
  const { user } = useCurrentUser();
  const tabParam = useTabParam(TAB_IDS, 'general');
  // Same query options as the host's sidebar: with the one QueryClient this is a cache read.
  const agents = useQuery(agentsQueryOptions());
  const agent = agents.data?.find((candidate) => candidate.id === currentAgentId);

  let body;
  if (agents.isPending) body = <Text>Loading settings...</Text>;
  else if (!agent)
    body = <Text>No server selected. Please select a server from the sidebar to access settings.</Text>;
  else if (!canManageServer(user, agent))
    body = <Text>You don’t have permission to manage settings for this server.</Text>;
  else {
    // A link to a Docker tab opens it even while the server is offline: it then says why it is idle.
    body = (
      <Tabs isLazy {...tabParam}>
        {/* Four tabs are wider than a phone: the row scrolls by itself, never the page. */}
        <Box overflowX="auto">
          <TabList minW="max-content">
            <Tab id="general">General</Tab>
            <Tab id="docker-registries" isDisabled={!isOnline}>
              Docker Registries
            </Tab>
            <Tab id="docker-networks" isDisabled={!isOnline}>
              Docker Networks
            </Tab>
            <Tab id="docker-volumes" isDisabled={!isOnline}>
              Docker Volumes
            </Tab>
          </TabList>
        </Box>
        <TabPanels>
          <TabPanel px={0}>
            <GeneralTab agent={agent} isOnline={isOnline} />
          </TabPanel>
          <TabPanel px={0}>
            <DockerTabGate kind="registries" agent={agent} isOnline={isOnline}>
              <RegistriesTab agentId={agent.id} />
            </DockerTabGate>
          </TabPanel>
          <TabPanel px={0}>
            <DockerTabGate kind="networks" agent={agent} isOnline={isOnline}>
              <NetworksTab agentId={agent.id} />
            </DockerTabGate>
          </TabPanel>
          <TabPanel px={0}>
            <DockerTabGate kind="volumes" agent={agent} isOnline={isOnline}>
              <VolumesTab agentId={agent.id} />
            </DockerTabGate>
          </TabPanel>
        </TabPanels>
      </Tabs>
    );
  }

  return (
    <Box data-remote-build={REMOTE_BUILD}>
      <Heading size="lg">Server Settings</Heading>
      {agent && (
        <Text color="gray.600" mb={4} data-testid="server-name">
          {agent.name}
        </Text>
      )}
      {body}
    </Box>
  );
}
