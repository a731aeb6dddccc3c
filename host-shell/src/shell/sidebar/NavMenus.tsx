import { Box, Flex, Stack, Text, useDisclosure } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import {
  appsQueryOptions,
  canManageOrganizations,
  canManageServer,
  isServerUnpaid,
  useAuth,
  useCurrentAgent,
} from 'shared';
import {
  AppsIcon,
  CatalogIcon,
  ChevronDownIcon,
  DashboardIcon,
  OrganizationIcon,
  PlusIcon,
  SettingsIcon,
} from '../icons';
import { useShellDialogs } from '../ShellDialogs';
import { NavItem } from './NavItem';

/** Deploy App is disabled without a server or when its plan is unpaid (unknown plans included). */
export function isDeployDisabled(subscriptionStatus: unknown, hasServer: boolean): boolean {
  if (!hasServer) return true;
  try {
    return isServerUnpaid(subscriptionStatus);
  } catch {
    return true;
  }
}

function SectionLabel({ children, collapsed }: { children: string; collapsed: boolean }) {
  if (collapsed) return <Box h={2} />;
  return (
    <Text px={2} pt={2} pb={1} fontSize="xs" fontWeight="medium" color="gray.600">
      {children}
    </Text>
  );
}

/** Platform: Dashboard, and Apps with the installed apps plus Deploy App. */
export function PlatformMenu({
  collapsed,
  onNavigate,
  onExpand,
}: {
  collapsed: boolean;
  onNavigate?: () => void;
  onExpand?: () => void;
}) {
  const { currentAgent } = useCurrentAgent();
  const { openDeployApp } = useShellDialogs();
  const apps = useQuery({ ...appsQueryOptions(currentAgent?.id ?? ''), enabled: Boolean(currentAgent) });
  const appsSection = useDisclosure({ defaultIsOpen: true });
  const deployDisabled = isDeployDisabled(currentAgent?.subscription_status, Boolean(currentAgent));

  return (
    <Stack as="nav" aria-label="Platform" spacing={0.5}>
      <SectionLabel collapsed={collapsed}>Platform</SectionLabel>
      <NavItem to="/" end label="Dashboard" icon={DashboardIcon} collapsed={collapsed} onClick={onNavigate} />
      {collapsed ? (
        <NavItem
          label="Apps"
          icon={AppsIcon}
          collapsed
          onClick={() => {
            appsSection.onOpen();
            onExpand?.();
          }}
        />
      ) : (
        <Flex
          as="button"
          type="button"
          onClick={appsSection.onToggle}
          aria-expanded={appsSection.isOpen}
          align="center"
          gap={2.5}
          px={2}
          py={1.5}
          rounded="md"
          fontSize="sm"
          color="gray.700"
          _hover={{ bg: 'blackAlpha.50' }}
        >
          <AppsIcon boxSize={4} />
          <Text as="span" flex="1" textAlign="left">
            Apps
          </Text>
          <ChevronDownIcon
            boxSize={4}
            transform={appsSection.isOpen ? 'rotate(180deg)' : undefined}
            transition="transform 0.2s"
          />
        </Flex>
      )}
      {!collapsed && (
        // Opens and closes in CSS (grid rows 0fr <-> 1fr): no animation library on the first paint.
        <Box
          display="grid"
          gridTemplateRows={appsSection.isOpen ? '1fr' : '0fr'}
          opacity={appsSection.isOpen ? 1 : 0}
          visibility={appsSection.isOpen ? 'visible' : 'hidden'}
          transition="grid-template-rows 0.2s ease, opacity 0.2s ease, visibility 0.2s"
        >
          <Stack spacing={0.5} data-testid="sidebar-apps" minH={0} overflow="hidden">
            {(apps.data ?? []).map((app) => (
              <NavItem key={app.id} to={`/app/${app.id}`} label={app.name} nested onClick={onNavigate} />
            ))}
            <NavItem
              label="Deploy App"
              icon={PlusIcon}
              nested
              isDisabled={deployDisabled}
              onClick={() => {
                onNavigate?.();
                openDeployApp();
              }}
            />
          </Stack>
        </Box>
      )}
    </Stack>
  );
}

/** Apps Catalog, Server Settings (when the user may manage the server), Manage Organization (capability). */
export function BottomLinks({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { user } = useAuth();
  const { currentAgent } = useCurrentAgent();
  return (
    <Stack as="nav" aria-label="More" spacing={0.5}>
      <NavItem
        to="/catalog"
        label="Apps Catalog"
        icon={CatalogIcon}
        collapsed={collapsed}
        onClick={onNavigate}
      />
      {canManageServer(user, currentAgent) && (
        <NavItem
          to="/settings"
          label="Server Settings"
          icon={SettingsIcon}
          collapsed={collapsed}
          onClick={onNavigate}
        />
      )}
      {canManageOrganizations(user) && (
        <NavItem
          to="/organization"
          label="Manage Organization"
          icon={OrganizationIcon}
          collapsed={collapsed}
          onClick={onNavigate}
        />
      )}
    </Stack>
  );
}
