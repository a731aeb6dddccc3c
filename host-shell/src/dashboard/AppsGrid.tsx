import { Badge, Box, Flex, Text, Wrap, WrapItem } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { appStatusColour, appStatusLabel, type AppListItem, type AppStatusCode } from 'shared';
import { PlusIcon } from '../shell/icons';

export const APP_TILE_SIZE = '128px';

interface AppsGridProps {
  apps: AppListItem[];
  statuses: Record<string, AppStatusCode> | undefined;
  /** Whether deploying is possible (a paid or free server that is online). */
  canDeploy: boolean;
  onDeploy: () => void;
}

function AppTile({ app, status }: { app: AppListItem; status: AppStatusCode | null }) {
  const colour = /^#[0-9a-f]{3,8}$/i.test(app.color) ? app.color : '#3182CE';
  return (
    <Flex
      as={RouterLink}
      to={`/app/${app.id}`}
      direction="column"
      align="center"
      justify="center"
      gap={1.5}
      w={APP_TILE_SIZE}
      h={APP_TILE_SIZE}
      p={2}
      bg="white"
      borderWidth="1px"
      rounded="xl"
      _hover={{ shadow: 'md', borderColor: 'blue.300' }}
      transition="all 0.15s"
      data-testid="app-tile"
    >
      <Flex
        w={10}
        h={10}
        rounded="lg"
        bg={colour}
        color="white"
        align="center"
        justify="center"
        fontWeight="bold"
      >
        {app.name.charAt(0).toUpperCase()}
      </Flex>
      <Text fontSize="sm" fontWeight="medium" noOfLines={1} maxW="full">
        {app.name}
      </Text>
      <Badge colorScheme={appStatusColour(status)} fontSize="0.65rem" variant="subtle" rounded="full" px={2}>
        {appStatusLabel(status)}
      </Badge>
    </Flex>
  );
}

/** The add tile plus one tile per app (icon, name, status label). */
export function AppsGrid({ apps, statuses, canDeploy, onDeploy }: AppsGridProps) {
  return (
    <Box>
      <Wrap spacing={4}>
        <WrapItem>
          <Flex
            as="button"
            type="button"
            onClick={onDeploy}
            disabled={!canDeploy}
            aria-label="Deploy App"
            direction="column"
            align="center"
            justify="center"
            gap={2}
            w={APP_TILE_SIZE}
            h={APP_TILE_SIZE}
            borderWidth="2px"
            borderStyle="dashed"
            rounded="xl"
            color="gray.500"
            _hover={{ color: 'blue.600', borderColor: 'blue.400', bg: 'blue.50' }}
            _disabled={{
              opacity: 0.5,
              cursor: 'not-allowed',
              _hover: { color: 'gray.500', borderColor: 'gray.200', bg: 'transparent' },
            }}
          >
            <PlusIcon boxSize={6} />
            <Text fontSize="sm" fontWeight="medium">
              Deploy App
            </Text>
          </Flex>
        </WrapItem>
        {apps.map((app) => (
          <WrapItem key={app.id}>
            <AppTile app={app} status={statuses?.[app.id] ?? app.status ?? null} />
          </WrapItem>
        ))}
      </Wrap>
      {apps.length === 0 && (
        <Text mt={4} fontSize="sm" color="gray.500">
          {canDeploy ? 'No apps found. Deploy your first app!' : 'No apps found'}
        </Text>
      )}
    </Box>
  );
}
