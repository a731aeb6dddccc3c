import { Box, Flex, Text, Tooltip } from '@chakra-ui/react';
import type { ComponentType, ReactNode } from 'react';
import { NavLink } from 'react-router-dom';

interface NavItemProps {
  label: string;
  icon?: ComponentType<{ boxSize?: number }>;
  collapsed?: boolean;
  /** A route to link to; without it the item is a button. */
  to?: string;
  onClick?: () => void;
  isDisabled?: boolean;
  /** Indented sub-item. */
  nested?: boolean;
  end?: boolean;
  children?: ReactNode;
}

const itemStyles = {
  align: 'center',
  gap: 2.5,
  px: 2,
  py: 1.5,
  rounded: 'md',
  fontSize: 'sm',
  color: 'gray.700',
  _hover: { bg: 'blackAlpha.50', color: 'gray.900' },
} as const;

/** The full-width clickable row that opens the server switcher and the user menu. */
export const sidebarMenuButtonProps = {
  role: 'button',
  tabIndex: 0,
  w: 'full',
  py: 2,
  rounded: 'md',
  cursor: 'pointer',
  _hover: { bg: 'blackAlpha.50' },
} as const;

/** One sidebar entry; collapsed to an icon it shows its label as a tooltip (0 ms delay). */
export function NavItem({
  label,
  icon: IconComponent,
  collapsed = false,
  to,
  onClick,
  isDisabled,
  nested,
  end,
}: NavItemProps) {
  const content = (
    <>
      {IconComponent && <IconComponent boxSize={4} />}
      {!collapsed && (
        <Text as="span" noOfLines={1}>
          {label}
        </Text>
      )}
    </>
  );
  const item = to ? (
    <Flex
      as={NavLink}
      to={to}
      end={end}
      onClick={onClick}
      {...itemStyles}
      pl={nested ? 7 : 2}
      justify={collapsed ? 'center' : 'flex-start'}
      sx={{ '&.active': { bg: 'blue.50', color: 'blue.700', fontWeight: 'semibold' } }}
    >
      {content}
    </Flex>
  ) : (
    <Flex
      as="button"
      type="button"
      onClick={onClick}
      disabled={isDisabled}
      aria-disabled={isDisabled}
      w="full"
      {...itemStyles}
      pl={nested ? 7 : 2}
      justify={collapsed ? 'center' : 'flex-start'}
      _disabled={{ opacity: 0.45, cursor: 'not-allowed', _hover: { bg: 'transparent' } }}
    >
      {content}
    </Flex>
  );
  if (!collapsed) return item;
  return (
    <Tooltip label={label} placement="right" openDelay={0} hasArrow>
      <Box>{item}</Box>
    </Tooltip>
  );
}
