import {
  Avatar,
  Box,
  Menu,
  MenuButton,
  MenuDivider,
  MenuItem,
  MenuList,
  Spinner,
  Text,
  useDisclosure,
} from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useAuth } from 'shared';
import { AboutDialog } from '../AboutDialog';
import { ChevronsUpDownIcon, InfoIcon, LogOutIcon } from '../icons';
import { sidebarMenuButtonProps } from './NavItem';
import { initialsOf } from './sidebar-rules';

/**
 * The signed-in user with About Dockhand and Log out; the avatar falls back to initials when the
 * image fails.
 */
export function UserMenu({ collapsed }: { collapsed: boolean }) {
  const { user, logout } = useAuth();
  const about = useDisclosure();
  // About opens from a menu item that is gone once the menu closes: focus returns to the menu button.
  const menuButton = useRef<HTMLDivElement>(null);
  // A hosted (PostgreSQL) server answers a logout once every replica has dropped the session,
  // about a second: Log out stays on screen, busy, until the page leaves.
  const [loggingOut, setLoggingOut] = useState(false);
  const name = user?.name || user?.email || 'Signed in';
  const avatar = (
    <Avatar
      size="sm"
      name={user?.name || user?.email || undefined}
      src={user?.image ?? undefined}
      getInitials={(value) => initialsOf(value)}
      bg="blue.600"
      color="white"
      referrerPolicy="no-referrer"
    />
  );
  return (
    <>
      <Menu placement="top-start" isLazy>
        <MenuButton
          ref={menuButton}
          as={Box}
          {...sidebarMenuButtonProps}
          aria-label="User menu"
          px={collapsed ? 0 : 2}
        >
          <div className="dh-menu-trigger">
            {avatar}
            {!collapsed && (
              <>
                <div className="dh-menu-trigger-text">
                  <p className="chakra-text dh-menu-trigger-title">{name}</p>
                  {user?.email && <p className="chakra-text dh-menu-trigger-detail">{user.email}</p>}
                </div>
                <ChevronsUpDownIcon boxSize={4} color="gray.600" />
              </>
            )}
          </div>
        </MenuButton>
        <MenuList zIndex="popover">
          <Box px={3} py={2}>
            <Text fontSize="sm" fontWeight="semibold">
              {name}
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
      <AboutDialog isOpen={about.isOpen} onClose={about.onClose} finalFocusRef={menuButton} />
    </>
  );
}
