import {
  Box,
  Button,
  Flex,
  List,
  ListItem,
  Tab,
  TabList,
  TabPanel,
  TabPanels,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { CheckIcon, ExternalLinkIcon } from '../looks/icons';
import { HOSTING_PROVIDERS, type HostingProvider } from './hosting-providers';

function ProviderLogo({ provider, size = 12 }: { provider: HostingProvider; size?: number }) {
  return (
    <Flex
      role="img"
      aria-label={`${provider.name} logo`}
      w={size}
      h={size}
      rounded="xl"
      bg={provider.colour}
      color="white"
      align="center"
      justify="center"
      fontWeight="extrabold"
      fontSize={provider.mark.length > 2 ? 'xs' : 'md'}
      flexShrink={0}
    >
      {provider.mark}
    </Flex>
  );
}

/** Five recommended providers as tabs, each with its pitch and a partner link. */
export function HostingProviderTabs() {
  return (
    <Tabs variant="soft-rounded" colorScheme="gray" isLazy={false}>
      <TabList flexWrap="wrap" gap={1}>
        {HOSTING_PROVIDERS.map((provider) => (
          <Tab key={provider.id} fontSize="sm" _selected={{ bg: provider.colour, color: 'white' }}>
            {provider.name}
          </Tab>
        ))}
      </TabList>
      <TabPanels>
        {HOSTING_PROVIDERS.map((provider) => (
          <TabPanel key={provider.id} px={0}>
            <Box
              borderWidth="1px"
              rounded="xl"
              p={5}
              bg="white"
              borderTopWidth="4px"
              borderTopColor={provider.colour}
            >
              <Flex gap={4} align="center" mb={3}>
                <ProviderLogo provider={provider} />
                <Text fontWeight="bold" fontSize="lg">
                  {provider.name}
                </Text>
              </Flex>
              <Text fontSize="sm" color="gray.600" mb={3}>
                {provider.description}
              </Text>
              <List spacing={1.5} mb={4}>
                {provider.highlights.map((highlight) => (
                  <ListItem key={highlight} fontSize="sm" display="flex" alignItems="center" gap={2}>
                    <CheckIcon boxSize={4} color="green.500" />
                    {highlight}
                  </ListItem>
                ))}
              </List>
              <Button
                as="a"
                href={provider.partnerUrl}
                target="_blank"
                rel="noopener noreferrer sponsored"
                bg={provider.colour}
                color="white"
                _hover={{ opacity: 0.9 }}
                rightIcon={<ExternalLinkIcon boxSize={4} />}
                size="sm"
              >
                {`Get a server on ${provider.name}`}
              </Button>
            </Box>
          </TabPanel>
        ))}
      </TabPanels>
    </Tabs>
  );
}
