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
  return (
    <Box
      as="span"
      aria-hidden
      w={2}
      h={2}
      rounded="full"
      bg={online ? 'green.400' : 'gray.300'}
      flexShrink={0}
    />
  );
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
        <Flex align="center" gap={2}>
          <Flex
            align="center"
            justify="center"
            w={8}
            h={8}
            rounded="md"
            bg="blue.600"
            color="white"
            flexShrink={0}
          >
            <ServerIcon boxSize={4} />
          </Flex>
          {!collapsed && (
            <>
              <Box flex="1" minW={0} textAlign="left">
                <Text fontSize="sm" fontWeight="semibold" noOfLines={1}>
                  {currentAgent?.name ?? 'No server selected'}
                </Text>
                <Flex align="center" gap={1.5}>
                  {currentAgent && <StatusDot online={isAgentOnline(currentAgent.id)} />}
                  <Text fontSize="xs" color="gray.600" noOfLines={1}>
                    {currentAgent
                      ? isAgentOnline(currentAgent.id)
                        ? 'Online'
                        : 'Offline'
                      : 'Add a server to begin'}
                  </Text>
                </Flex>
              </Box>
              <ChevronsUpDownIcon boxSize={4} color="gray.600" />
            </>
          )}
        </Flex>
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
