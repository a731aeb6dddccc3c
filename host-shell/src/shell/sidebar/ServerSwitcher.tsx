import {
  Box,
  Flex,
  Menu,
  MenuButton,
  MenuDivider,
  MenuGroup,
  MenuItem,
  MenuList,
  Text,
} from '@chakra-ui/react';
import { useAuth, useCurrentAgent } from 'shared';
import { ChevronsUpDownIcon, PlusIcon, ServerIcon, CheckIcon } from '../icons';
import { useShellDialogs } from '../ShellDialogs';
import { sidebarMenuButtonProps } from './NavItem';
import { groupServersByOrganization } from './sidebar-rules';

function StatusDot({ online }: { online: boolean }) {
  return <span aria-hidden className={online ? 'dh-status-dot dh-status-dot--online' : 'dh-status-dot'} />;
}

/** The sidebar's server picker: servers grouped by organization, 'Shared Servers', 'Add server'. */
export function ServerSwitcher({ collapsed }: { collapsed: boolean }) {
  const { user } = useAuth();
  const { agents, currentAgent, selectAgent, isAgentOnline } = useCurrentAgent();
  const { openConnectServer } = useShellDialogs();
  const groups = groupServersByOrganization(agents, user);

  return (
    <Menu placement="bottom-start" isLazy>
      <MenuButton
        as={Box}
        {...sidebarMenuButtonProps}
        aria-label="Select server"
        data-testid="server-switcher"
        px={collapsed ? 1 : 2}
      >
        <div className="dh-menu-trigger">
          <div className="dh-server-badge">
            <ServerIcon boxSize={4} />
          </div>
          {!collapsed && (
            <>
              <div className="dh-menu-trigger-text">
                <p className="chakra-text dh-menu-trigger-title">
                  {currentAgent?.name ?? 'No server selected'}
                </p>
                <div className="dh-server-status">
                  {currentAgent && <StatusDot online={isAgentOnline(currentAgent.id)} />}
                  <p className="chakra-text dh-menu-trigger-detail">
                    {currentAgent
                      ? isAgentOnline(currentAgent.id)
                        ? 'Online'
                        : 'Offline'
                      : 'Add a server to begin'}
                  </p>
                </div>
              </div>
              <ChevronsUpDownIcon boxSize={4} color="gray.600" />
            </>
          )}
        </div>
      </MenuButton>
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
