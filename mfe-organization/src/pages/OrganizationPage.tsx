import {
  Box,
  Flex,
  FormControl,
  FormLabel,
  Heading,
  Select,
  Tab,
  TabList,
  TabPanel,
  TabPanels,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { isOrganizationPaid, useCurrentUser } from 'shared';
import { SubscriptionBillingCard } from '../billing/SubscriptionBillingCard';
import { REMOTE_BUILD } from '../buildInfo';

/** Organization (route `organization`): switcher, then the Details and Members tabs. */
export default function OrganizationPage() {
  const organizations = useCurrentUser().user?.organizations ?? [];
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const current = organizations.find((org) => org.id === selectedId) ?? organizations[0];

  if (!current) {
    return (
      <Box data-remote-build={REMOTE_BUILD}>
        <Heading size="lg" mb={2}>
          Organization
        </Heading>
        <Text color="gray.600">
          You are not in an organization yet. Create one when you add your first server.
        </Text>
      </Box>
    );
  }
  const isBusiness = isOrganizationPaid(current.subscription_status);

  return (
    <Box data-remote-build={REMOTE_BUILD}>
      <Flex align="flex-end" justify="space-between" gap={4} mb={4} wrap="wrap">
        <Heading size="lg">{current.name}</Heading>
        {organizations.length > 1 && (
          <FormControl w="auto" minW="14rem">
            <FormLabel fontSize="sm" color="gray.600" mb={1}>
              Organization
            </FormLabel>
            <Select bg="white" value={current.id} onChange={(event) => setSelectedId(event.target.value)}>
              {organizations.map((org) => (
                <option key={org.id} value={org.id}>
                  {org.name}
                </option>
              ))}
            </Select>
          </FormControl>
        )}
      </Flex>
      <Tabs isLazy>
        <TabList>
          <Tab id="details">Details</Tab>
          <Tab id="members" isDisabled={!isBusiness}>
            {isBusiness ? 'Members' : 'Upgrade to Business'}
          </Tab>
        </TabList>
        <TabPanels>
          <TabPanel px={0}>
            <SubscriptionBillingCard organization={current} />
          </TabPanel>
          <TabPanel />
        </TabPanels>
      </Tabs>
    </Box>
  );
}
