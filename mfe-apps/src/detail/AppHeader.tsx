import {
  Badge,
  Box,
  Button,
  ButtonGroup,
  Flex,
  Heading,
  Image,
  Link,
  Select,
  Text,
  Tooltip,
} from '@chakra-ui/react';
import { useState } from 'react';
import {
  AppIcon,
  FREE_PLAN_MORE_VERSIONS_MESSAGE,
  appStatusColour,
  appStatusLabel,
  versionChoiceLabel,
  versionChoicesForPlan,
  type Agent,
  type AppDetails,
  type AppStatusCode,
  type AppOperation,
} from 'shared';
import { OPERATION_RUNNING, controlAvailability } from './app-controls';

/** Spec section 9: the app icon tile is 200x200. */
const ICON_TILE_SIZE = '200px';

/** Shown when the catalog logo of the app cannot be loaded. */
const NOT_FOUND_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" rx="10" fill="#fff"/>' +
      '<circle cx="24" cy="24" r="12" fill="none" stroke="#A0AEC0" stroke-width="3"/><path d="M15 33 33 15" stroke="#A0AEC0" stroke-width="3"/></svg>',
  );

function CatalogLogo({ src, name }: { src: string; name: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <Image
      src={failed ? NOT_FOUND_IMAGE : src}
      alt={`${name} logo`}
      position="absolute"
      top={3}
      right={3}
      boxSize="44px"
      p={1}
      bg="white"
      rounded="lg"
      shadow="md"
      onError={() => setFailed(true)}
    />
  );
}

interface AppHeaderProps {
  details: AppDetails;
  /** The version the app runs (the details on screen may be of another one). */
  currentVersion: string;
  /** The server's plan: a free (or unpaid) server cannot pick releases that need Pro. */
  serverPlan: Agent['subscription_status'];
  logo: string | undefined;
  /** Where the app answers from outside (its exposure), as links. */
  addresses: readonly string[];
  status: AppStatusCode | null;
  operation: AppOperation | null;
  busy: boolean;
  disabled: boolean;
  /** The version on screen; undefined is the app's current one. */
  viewedVersion: string | undefined;
  onViewVersion: (version: string | undefined) => void;
  onControl: (operation: AppOperation) => void;
}

/** Icon tile, name, description, status, version picker and the Start/Stop/Restart/Update controls. */
export function AppHeader({
  details,
  currentVersion,
  serverPlan,
  logo,
  addresses,
  status,
  operation,
  busy,
  disabled,
  viewedVersion,
  onViewVersion,
  onControl,
}: AppHeaderProps) {
  const { config } = details;
  const available = controlAvailability(status, busy || disabled);
  // The install dialog's rule: the version the app runs stays offered, Pro-only ones show locked.
  const versions = versionChoicesForPlan(
    details.versions.map((version) => version.name),
    details.tags.map((tag) => tag.name),
    serverPlan,
    currentVersion || null,
  );
  const breaking = new Set(
    details.versions.filter((version) => version.breaking_changes).map((version) => version.name),
  );
  return (
    <Flex gap={6} direction={{ base: 'column', md: 'row' }} align={{ base: 'flex-start', md: 'center' }}>
      <Flex
        position="relative"
        flexShrink={0}
        w={ICON_TILE_SIZE}
        h={ICON_TILE_SIZE}
        rounded="2xl"
        align="center"
        justify="center"
        color="white"
        bg={config.color}
        data-testid="app-icon-tile"
      >
        <AppIcon name={config.icon} size={88} strokeWidth={1.5} />
        {logo && <CatalogLogo src={logo} name={config.name} />}
      </Flex>
      <Box flex="1" minW={0}>
        <Flex align="center" gap={3} wrap="wrap">
          <Heading size="lg">{config.name}</Heading>
          <Badge
            colorScheme={operation ? 'blue' : appStatusColour(status)}
            fontSize="sm"
            data-testid="app-status"
          >
            {operation ? OPERATION_RUNNING[operation] : appStatusLabel(status)}
          </Badge>
          {viewedVersion && <Badge colorScheme="purple">Viewing {viewedVersion}</Badge>}
        </Flex>
        <Text color="gray.600" mt={1}>
          {config.description || 'No description available'}
        </Text>
        {addresses.length > 0 && (
          <Flex as="ul" listStyleType="none" aria-label="Public addresses" gap={3} mt={2} wrap="wrap">
            {addresses.map((address) => (
              <li key={address}>
                <Link href={address} isExternal color="blue.600" fontWeight="medium" wordBreak="break-all">
                  {address}
                </Link>
              </li>
            ))}
          </Flex>
        )}
        {versions.choices.length > 0 && (
          <Flex align="center" gap={2} mt={3} wrap="wrap">
            <Text fontSize="sm" color="gray.600">
              Version
            </Text>
            <Select
              size="sm"
              w="auto"
              aria-label="Version"
              value={viewedVersion ?? currentVersion}
              isDisabled={disabled || busy}
              onChange={(event) =>
                onViewVersion(event.target.value === currentVersion ? undefined : event.target.value)
              }
            >
              {versions.choices.map((choice) => (
                <option key={choice.name} value={choice.name} disabled={choice.locked}>
                  {versionChoiceLabel(choice)}
                  {choice.name === currentVersion ? ' (current)' : ''}
                  {breaking.has(choice.name) ? ' – breaking changes' : ''}
                </option>
              ))}
            </Select>
            {versions.olderVersionsHidden && (
              <Text fontSize="sm" color="gray.600">
                {FREE_PLAN_MORE_VERSIONS_MESSAGE}
              </Text>
            )}
          </Flex>
        )}
        <ButtonGroup size="sm" mt={4} flexWrap="wrap" gap={2} spacing={0}>
          <Button colorScheme="green" isDisabled={!available.start} onClick={() => onControl('start')}>
            Start
          </Button>
          <Button isDisabled={!available.stop} onClick={() => onControl('stop')}>
            Stop
          </Button>
          <Button isDisabled={!available.restart} onClick={() => onControl('restart')}>
            Restart
          </Button>
          <Tooltip label="Update & Restart">
            <Button
              colorScheme="blue"
              variant="outline"
              title="Update & Restart"
              isDisabled={!available.update}
              onClick={() => onControl('update')}
            >
              Update
            </Button>
          </Tooltip>
        </ButtonGroup>
      </Box>
    </Flex>
  );
}
