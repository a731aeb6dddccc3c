import { Box, Heading, Tab, TabList, TabPanel, TabPanels, Tabs, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { agentsQueryOptions, useCurrentAgent } from 'shared';
import { REMOTE_BUILD } from '../buildInfo';

/** Server Settings (route `settings`). Foundation version: reads the host's agent list from the shared cache. */
export default function ServerSettingsPage() {
  const { currentAgentId, isOnline } = useCurrentAgent();
  // Same query options as the host's sidebar: with the one QueryClient this is a cache read.
  const agents = useQuery(agentsQueryOptions());
  const agent = agents.data?.find((candidate) => candidate.id === currentAgentId);

  let body;
  if (agents.isPending) body = <Text>Loading settings...</Text>;
  else if (!agent)
    body = <Text>No server selected. Please select a server from the sidebar to access settings.</Text>;
  else
    body = (
      <Tabs isLazy>
        <TabList>
          <Tab id="general">General</Tab>
          <Tab id="docker-registries" isDisabled={!isOnline}>
            Docker Registries
          </Tab>
          <Tab id="docker-networks" isDisabled={!isOnline}>
            Docker Networks
          </Tab>
        </TabList>
        <TabPanels>
          <TabPanel>
            <Text data-testid="server-name">{agent.name}</Text>
          </TabPanel>
          <TabPanel />
          <TabPanel />
        </TabPanels>
      </Tabs>
    );

  return (
    <Box data-remote-build={REMOTE_BUILD}>
      <Heading size="lg" mb={4}>
        Server Settings
      </Heading>
      {body}
    </Box>
  );
}
