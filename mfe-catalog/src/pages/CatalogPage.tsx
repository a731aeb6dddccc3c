import { Box, Button, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { eventBus, useCurrentAgent, type CatalogItem } from 'shared';
import { REMOTE_BUILD } from '../buildInfo';
import { CatalogBreadcrumb } from './CatalogBreadcrumb';
import { catalogQueryOptions, installCatalogApp } from '../catalog-api';

function CatalogCard({ agentId, item }: { agentId: string; item: CatalogItem }) {
  const install = useMutation({
    mutationFn: () => installCatalogApp(agentId, { name: item.name, template_id: item.id }),
    onSuccess: () => {
      eventBus.publish('toast:show', {
        title: 'Success',
        description: 'App installation started',
        status: 'success',
      });
      eventBus.publish('apps:changed', { agentId });
    },
    onError: (error) =>
      eventBus.publish('toast:show', { title: 'Error', description: error.message, status: 'error' }),
  });
  return (
    <Box borderWidth="1px" borderRadius="md" p={4} data-testid="catalog-card">
      <Heading size="sm" as={RouterLink} to={`/catalog/${item.id}`}>
        {item.name}
      </Heading>
      <Text fontSize="sm" my={2}>
        {item.summary}
      </Text>
      <Button size="sm" onClick={() => install.mutate()} isDisabled={install.isPending}>
        {install.isPending ? 'Installing...' : 'Install'}
      </Button>
    </Box>
  );
}

/** Apps Catalog (route `catalog`). Foundation version: list and one-click install; issue 'catalog' fills it. */
export default function CatalogPage() {
  const { currentAgentId } = useCurrentAgent();
  const catalog = useQuery({
    ...catalogQueryOptions(currentAgentId ?? ''),
    enabled: Boolean(currentAgentId),
  });

  return (
    <Box data-remote-build={REMOTE_BUILD}>
      <CatalogBreadcrumb current="Browse Apps" />
      {!currentAgentId ? (
        <Text>No Agent Selected - Please select an agent to browse available applications.</Text>
      ) : catalog.isPending ? (
        <Text>Loading catalog items...</Text>
      ) : catalog.isError ? (
        <Text>Failed to load catalog: {catalog.error.message}</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 3 }} spacing={4}>
          {catalog.data.map((item) => (
            <CatalogCard key={item.id} agentId={currentAgentId} item={item} />
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
