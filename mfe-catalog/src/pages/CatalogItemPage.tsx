import {
  Badge,
  Box,
  Button,
  Card,
  CardBody,
  Flex,
  Heading,
  Link,
  Stack,
  Tab,
  TabList,
  TabPanel,
  TabPanels,
  Tabs,
  Tag,
  Text,
  Wrap,
  WrapItem,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { catalogQueryOptions, sortByVersionDescending, useCurrentAgent, type CatalogItem } from 'shared';
import { REMOTE_BUILD } from '../buildInfo';
import { findCatalogItem } from '../catalog-api';
import { CatalogImage } from '../components/CatalogImage';
import { CatalogLoadError, CatalogLoading, NoAgentSelected } from '../components/CatalogStates';
import { CatalogStyles } from '../components/CatalogStyles';
import { CatalogActionButton } from '../install/CatalogActionButton';
import { CatalogBreadcrumb } from './CatalogBreadcrumb';

const PLAN_NAMES: Record<string, string> = { free: 'Free', pro: 'Pro', business: 'Business' };

function ExternalButton({ href, children }: { href: string | null; children: string }) {
  if (!href) return null;
  return (
    <Button as="a" href={href} target="_blank" rel="noopener noreferrer" size="sm" variant="outline">
      {children}
    </Button>
  );
}

function DetailsPanel({ item }: { item: CatalogItem }) {
  return (
    <Card variant="outline" w={{ base: 'full', lg: '300px' }} flexShrink={0}>
      <CardBody>
        <Stack spacing={4}>
          <Box>
            <Text fontSize="xs" fontWeight="bold" textTransform="uppercase" color="gray.600">
              License
            </Text>
            {item.license_url ? (
              <Link href={item.license_url} isExternal color="blue.600">
                {item.license ?? 'License'}
              </Link>
            ) : (
              <Text>{item.license ?? 'Not specified'}</Text>
            )}
          </Box>
          {item.available_in.length > 0 && (
            <Box>
              <Text fontSize="xs" fontWeight="bold" textTransform="uppercase" color="gray.600" mb={1}>
                Available in
              </Text>
              <Wrap spacing={1.5}>
                {item.available_in.map((plan) => (
                  <WrapItem key={plan}>
                    <Tag size="sm" colorScheme="purple" variant="subtle">
                      {PLAN_NAMES[plan] ?? plan}
                    </Tag>
                  </WrapItem>
                ))}
              </Wrap>
            </Box>
          )}
          <CatalogStyles />
          <CatalogActionButton item={item} versionMode="fixed" size="md" />
          {item.sponsorship.length > 0 && (
            <Box>
              <Text fontSize="xs" fontWeight="bold" textTransform="uppercase" color="gray.600" mb={1}>
                Support this project
              </Text>
              <Stack spacing={1}>
                {item.sponsorship.map((sponsor) => (
                  <Link key={sponsor.url} href={sponsor.url} isExternal color="blue.600">
                    {sponsor.name}
                  </Link>
                ))}
              </Stack>
            </Box>
          )}
        </Stack>
      </CardBody>
    </Card>
  );
}

function Versions({ item }: { item: CatalogItem }) {
  const releases = sortByVersionDescending(item.registry.releases, (release) => release.name);
  if (releases.length === 0) return <Text color="gray.600">No releases published yet.</Text>;
  return (
    <Stack spacing={4}>
      {releases.map((release) => (
        <Box key={release.name} borderWidth="1px" rounded="lg" p={4} data-testid="catalog-release">
          <Flex align="center" gap={2} wrap="wrap">
            <Text fontWeight="semibold">{release.name}</Text>
            {release.breaking_changes && <Badge colorScheme="red">Breaking Changes</Badge>}
            <Text fontSize="sm" color="gray.600" ml="auto">
              {release.date}
            </Text>
          </Flex>
          {release.description && (
            <Text fontSize="sm" mt={2}>
              {release.description}
            </Text>
          )}
          {release.changelog_url && (
            <Link
              href={release.changelog_url}
              isExternal
              fontSize="sm"
              color="blue.600"
              mt={2}
              display="inline-block"
            >
              Changelog
            </Link>
          )}
        </Box>
      ))}
    </Stack>
  );
}

/** Catalog item detail (route `catalog/:appName`, matched to the item id in any case). */
export default function CatalogItemPage() {
  const { appName } = useParams();
  if (!appName) throw new Error('Missing route parameter: appName');
  const { currentAgentId } = useCurrentAgent();
  const catalog = useQuery({
    ...catalogQueryOptions(currentAgentId ?? ''),
    enabled: Boolean(currentAgentId),
  });
  const item = catalog.data ? findCatalogItem(catalog.data, appName) : undefined;

  let content;
  if (!currentAgentId) {
    content = <NoAgentSelected />;
  } else if (catalog.isPending) {
    content = <CatalogLoading text="Loading..." />;
  } else if (catalog.isError) {
    content = <CatalogLoadError error={catalog.error} />;
  } else if (!item) {
    content = (
      <Box textAlign="center" py={10}>
        <Heading size="md">App not found</Heading>
        <Text color="gray.600" mt={2}>
          The requested application could not be found in the catalog.
        </Text>
      </Box>
    );
  } else {
    content = (
      <Flex gap={6} direction={{ base: 'column', lg: 'row' }} align="flex-start">
        <Stack spacing={5} flex="1" minW={0}>
          <Flex gap={4} align="center">
            <CatalogImage src={item.image} alt={`${item.name} logo`} size={72} rounded="lg" />
            <Box minW={0}>
              <Flex align="center" gap={2}>
                <Heading size="lg">{item.name}</Heading>
                {item.waiting_list && <Badge colorScheme="purple">Coming Soon</Badge>}
              </Flex>
              <Text color="gray.600" mt={1}>
                {item.summary}
              </Text>
            </Box>
          </Flex>
          {item.tags.length > 0 && (
            <Wrap spacing={1.5}>
              {item.tags.map((tag) => (
                <WrapItem key={tag}>
                  <Tag size="sm">{tag}</Tag>
                </WrapItem>
              ))}
            </Wrap>
          )}
          {item.alternative_to.length > 0 && (
            <Text fontSize="sm">
              <Text as="span" fontWeight="semibold">
                Alternative to:
              </Text>{' '}
              {item.alternative_to.join(', ')}
            </Text>
          )}
          <Flex gap={2} wrap="wrap">
            <ExternalButton href={item.homepage_url}>Website</ExternalButton>
            <ExternalButton href={item.repository_url}>GitHub</ExternalButton>
            <ExternalButton href={item.documentation_url}>Documentation</ExternalButton>
          </Flex>
          <Tabs variant="line" colorScheme="blue" isLazy>
            <TabList>
              <Tab>About</Tab>
              <Tab>Versions ({item.registry.releases.length})</Tab>
            </TabList>
            <TabPanels>
              <TabPanel px={0}>
                <Text whiteSpace="pre-line">{item.description || item.summary}</Text>
              </TabPanel>
              <TabPanel px={0}>
                <Versions item={item} />
              </TabPanel>
            </TabPanels>
          </Tabs>
        </Stack>
        <DetailsPanel item={item} />
      </Flex>
    );
  }

  return (
    <Box data-remote-build={REMOTE_BUILD}>
      <CatalogBreadcrumb current={item?.name ?? appName} />
      {content}
    </Box>
  );
}
