import { Box, Heading, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useCurrentAgent } from 'shared';
import { REMOTE_BUILD } from '../buildInfo';
import { CatalogBreadcrumb } from './CatalogBreadcrumb';
import { catalogQueryOptions, findCatalogItem } from '../catalog-api';

/** Catalog item detail (route `catalog/:appName`). Foundation version; issue 'catalog' fills it. */
export default function CatalogItemPage() {
  const { appName } = useParams();
  if (!appName) throw new Error('Missing route parameter: appName');
  const { currentAgentId } = useCurrentAgent();
  const catalog = useQuery({
    ...catalogQueryOptions(currentAgentId ?? ''),
    enabled: Boolean(currentAgentId),
  });
  const item = catalog.data ? findCatalogItem(catalog.data, appName) : undefined;

  return (
    <Box data-remote-build={REMOTE_BUILD}>
      <CatalogBreadcrumb current={item?.name ?? appName} />
      {catalog.isPending && currentAgentId ? (
        <Text>Loading...</Text>
      ) : catalog.isError ? (
        <Text>Failed to load catalog</Text>
      ) : !item ? (
        <Box>
          <Heading size="md">App not found</Heading>
          <Text>The requested application could not be found in the catalog.</Text>
        </Box>
      ) : (
        <Box>
          <Heading size="lg">{item.name}</Heading>
          <Text mt={2}>{item.description || item.summary}</Text>
        </Box>
      )}
    </Box>
  );
}
