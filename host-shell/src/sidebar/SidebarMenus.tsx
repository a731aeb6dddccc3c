// The sidebar's two menus with their Chakra machinery, loaded after the first screen (DeferredMenu).
import {
  Box,
  Flex,
  Menu,
  MenuButton,
  MenuDivider,
  MenuGroup,
  MenuItem,
  MenuList,
  Spinner,
  Text,
  useDisclosure,
  useMenuContext,
} from '@chakra-ui/react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useAuth, useCurrentAgent } from 'shared';
import { AboutDialog } from '../dialogs/AboutDialog';
import { CheckIcon, InfoIcon, LogOutIcon, PlusIcon } from '../looks/icons';
import { useShellDialogs } from '../dialogs/ShellDialogs';
import type { MenuStart, SidebarMenuProps } from './DeferredMenu';
import { spaceClicks } from './space-clicks';
import { StatusDot } from './StatusDot';
import { groupServersByOrganization, signedInName } from './sidebar-rules';

/** Does, once, what the user asked of the trigger before the menu's code was in. */
function StartMenu({ start, button }: { start?: MenuStart; button: RefObject<HTMLDivElement | null> }) {
  const menu = useMenuContext();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !start) return;
    done.current = true;
    button.current?.focus();
    if (start === 'first') menu.openAndFocusFirstItem();
    if (start === 'last') menu.openAndFocusLastItem();
  }, [start, button, menu]);
  return null;
}

/** Chakra's MenuButton on the trigger DeferredMenu drew: the same element, classes and label. */
function SidebarMenuButton({
  trigger,
  triggerProps,
  start,
  button,
}: SidebarMenuProps & { button: RefObject<HTMLDivElement | null> }) {
  return (
    <>
      <MenuButton as="div" ref={button} role="button" tabIndex={0} {...triggerProps} {...spaceClicks}>
        {trigger}
      </MenuButton>
      <StartMenu start={start} button={button} />
    </>
  );
}

/** The server picker's list: servers grouped by organization, 'Shared Servers', 'Add server'. */
export function ServerSwitcherMenu(props: SidebarMenuProps) {
  const { user } = useAuth();
  const { agents, currentAgent, selectAgent, isAgentOnline } = useCurrentAgent();
  const { openConnectServer } = useShellDialogs();
  const button = useRef<HTMLDivElement>(null);
  const groups = groupServersByOrganization(agents, user);
  return (
    <Menu placement="bottom-start" isLazy>
      <SidebarMenuButton {...props} button={button} />
      <MenuList minW="15rem" zIndex="popover">
        {groups.map((group) => (
          <MenuGroup key={group.key} title={group.label} fontSize="xs" color="gray.600">
            {group.agents.map((agent) => (
              <MenuItem key={agent.id} onClick={() => selectAgent(agent.id)} fontSize="sm">
                <Flex align="center" gap={2} w="full">
                  <StatusDot online={isAgentOnline(agent.id)} />
                  <Text flex="1" noOfLines={1}>
                    {agent.name}
                  </Text>
                  {agent.id === currentAgent?.id && <CheckIcon boxSize={4} color="blue.500" />}
                </Flex>
              </MenuItem>
            ))}
          </MenuGroup>
        ))}
        {groups.length > 0 && <MenuDivider />}
        <MenuItem icon={<PlusIcon boxSize={4} />} onClick={openConnectServer} fontSize="sm">
          Add server
        </MenuItem>
      </MenuList>
    </Menu>
  );
}

/** The user menu's list: who is signed in, About Dockhand and Log out. */
export function UserMenuList(props: SidebarMenuProps) {
  const { user, logout } = useAuth();
  const about = useDisclosure();
  // About opens from a menu item that is gone once the menu closes: focus returns to the menu button.
  const button = useRef<HTMLDivElement>(null);
  // A hosted (PostgreSQL) server answers a logout once every replica has dropped the session,
  // about a second: Log out stays on screen, busy, until the page leaves.
  const [loggingOut, setLoggingOut] = useState(false);
  return (
    <>
      <Menu placement="top-start" isLazy>
        <SidebarMenuButton {...props} button={button} />
        <MenuList zIndex="popover">
          <Box px={3} py={2}>
            <Text fontSize="sm" fontWeight="semibold">
              {signedInName(user)}
            </Text>
            {user?.email && (
              <Text fontSize="xs" color="gray.600">
                {user.email}
              </Text>
            )}
          </Box>
          <MenuDivider />
          <MenuItem icon={<InfoIcon boxSize={4} />} onClick={about.onOpen} fontSize="sm">
            About Dockhand
          </MenuItem>
          <MenuItem
            icon={loggingOut ? <Spinner size="xs" label="" /> : <LogOutIcon boxSize={4} />}
            closeOnSelect={false}
            isDisabled={loggingOut}
            aria-busy={loggingOut}
            onClick={() => {
              setLoggingOut(true);
              void logout();
            }}
            fontSize="sm"
          >
            Log out
          </MenuItem>
        </MenuList>
      </Menu>
      <AboutDialog isOpen={about.isOpen} onClose={about.onClose} finalFocusRef={button} />
    </>
  );
}
