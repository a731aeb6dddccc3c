import { Box, Heading, Tab, TabList, TabPanel, TabPanels, Tabs, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { agentsQueryOptions, canManageServer, useCurrentAgent, useCurrentUser, useTabParam } from 'shared';
import { REMOTE_BUILD } from '../buildInfo';
import { DockerTabGate } from '../docker/DockerTabGate';
import { NetworksTab } from '../docker/NetworksTab';
import { RegistriesTab } from '../docker/RegistriesTab';
import { VolumesTab } from '../docker/VolumesTab';
import { GeneralTab } from '../general/GeneralTab';

/** Edge shades of a row that scrolls sideways: white covers drawn with the content hide them at its ends. */
const SCROLL_SHADES = {
  background: [
    'linear-gradient(to right, white 30%, rgba(255,255,255,0)) left / 2.5rem 100% no-repeat local',
    'linear-gradient(to left, white 30%, rgba(255,255,255,0)) right / 2.5rem 100% no-repeat local',
    'radial-gradient(farthest-side at 0 50%, rgba(0,0,0,0.25), rgba(0,0,0,0)) left / 0.9rem 100% no-repeat scroll',
    'radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,0.25), rgba(0,0,0,0)) right / 0.9rem 100% no-repeat scroll',
  ].join(', '),
};

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
        {/* Four tabs are wider than a phone: the row scrolls by itself, never the page, and a shade
            at an edge shows there is more that way (the shades scroll away with the content). */}
        <Box overflowX="auto" data-testid="settings-tab-row" sx={SCROLL_SHADES}>
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
