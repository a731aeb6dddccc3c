import { Box, Heading, Tab, TabList, TabPanel, TabPanels, Tabs, Text } from '@chakra-ui/react';
import { useCurrentUser } from 'shared';
import { REMOTE_BUILD } from '../buildInfo';

/** Organization (route `organization`). Foundation version: the user's organizations and the two tabs. */
export default function OrganizationPage() {
  const organizations = useCurrentUser().user?.organizations ?? [];
  const current = organizations[0];
  const isBusiness = current?.subscription_status === 'paid';

  return (
    <Box data-remote-build={REMOTE_BUILD}>
      <Heading size="lg" mb={4}>
        {current?.name ?? 'Organization'}
      </Heading>
      <Tabs isLazy>
        <TabList>
          <Tab id="details">Details</Tab>
          <Tab id="members" isDisabled={!isBusiness}>
            {isBusiness ? 'Members' : 'Upgrade to Business'}
          </Tab>
        </TabList>
        <TabPanels>
          <TabPanel>
            <Text>Subscription & Billing: {isBusiness ? 'Business' : 'Individual'}</Text>
          </TabPanel>
          <TabPanel />
        </TabPanels>
      </Tabs>
    </Box>
  );
}
