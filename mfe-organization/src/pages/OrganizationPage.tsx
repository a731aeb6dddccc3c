import {
  Box,
  Button,
  Flex,
  FormControl,
  FormLabel,
  Heading,
  Select,
  Stack,
  Tab,
  TabList,
  TabPanel,
  TabPanels,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { eventBus, isOrganizationPaid, useCurrentUser, useEventSubscription, useTabParam } from 'shared';
import { SubscriptionBillingCard } from '../billing/SubscriptionBillingCard';
import { OrganizationDetailsCard } from '../details/OrganizationDetailsCard';
import { MembersPanel } from '../members/MembersPanel';
import { REMOTE_BUILD } from '../buildInfo';

/** Tab ids of the spec's Organization page, also the `?tab=` value that opens one. */
const TAB_IDS = ['details', 'members'] as const;

/** Organization (route `organization`): switcher, then the Details and Members tabs. */
export default function OrganizationPage() {
  const organizations = useCurrentUser().user?.organizations ?? [];
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const current = organizations.find((org) => org.id === selectedId) ?? organizations[0];
  // The shell owns the Create Organization dialog; a new organization becomes the one shown.
  useEventSubscription('organization:created', ({ organizationId }) => setSelectedId(organizationId));
  const createOrganization = () => eventBus.publish('organization:create', {});
  const tabParam = useTabParam(TAB_IDS, 'details');

  if (!current) {
    return (
      <Box data-remote-build={REMOTE_BUILD}>
        <Heading size="lg" mb={2}>
          Organization
        </Heading>
        <Text color="gray.600" mb={4}>
          You are not in an organization yet.
        </Text>
        <Button onClick={createOrganization}>Create Organization</Button>
      </Box>
    );
  }
  const isBusiness = isOrganizationPaid(current.subscription_status);

  return (
    <Box data-remote-build={REMOTE_BUILD}>
      <Flex align="flex-end" justify="space-between" gap={4} mb={4} wrap="wrap">
        <Heading size="lg">{current.name}</Heading>
        <Flex align="flex-end" gap={2} wrap="wrap" w={{ base: 'full', md: 'auto' }}>
          <FormControl flex="1" minW="12rem">
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
          <Button variant="outline" onClick={createOrganization}>
            Create Organization
          </Button>
        </Flex>
      </Flex>
      {/* A link to Members of an unpaid organization opens Details: Members is disabled there. */}
      <Tabs isLazy index={isBusiness ? tabParam.index : 0} onChange={tabParam.onChange}>
        <TabList>
          <Tab id="details">Details</Tab>
          <Tab id="members" isDisabled={!isBusiness}>
            {isBusiness ? 'Members' : 'Upgrade to Business'}
          </Tab>
        </TabList>
        <TabPanels>
          <TabPanel px={0}>
            <Stack spacing={4}>
              {/* Keyed: switching organization starts the form from that organization's name. */}
              <OrganizationDetailsCard key={current.id} organization={current} />
              <SubscriptionBillingCard organization={current} />
            </Stack>
          </TabPanel>
          <TabPanel px={0}>{isBusiness && <MembersPanel key={current.id} organization={current} />}</TabPanel>
        </TabPanels>
      </Tabs>
    </Box>
  );
}
