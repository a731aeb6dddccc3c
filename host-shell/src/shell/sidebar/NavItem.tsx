import { Tooltip, type SystemStyleObject } from '@chakra-ui/react';
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

/**
 * The look of every sidebar row, applied once by the sidebar's root (`sx`) instead of per item:
 * the sidebar lists every installed app, and one styled component per row made its first render
 * cost grow with the app count.
 */
export const navItemStyles: SystemStyleObject = {
  '.dh-nav-item': {
    display: 'flex',
    alignItems: 'center',
    gap: 2.5,
    w: 'full',
    px: 2,
    py: 1.5,
    rounded: 'md',
    fontSize: 'sm',
    color: 'gray.700',
    textAlign: 'left',
    _hover: { bg: 'blackAlpha.50', color: 'gray.900' },
    '&.active': { bg: 'blue.50', color: 'blue.700', fontWeight: 'semibold' },
    _disabled: { opacity: 0.45, cursor: 'not-allowed', _hover: { bg: 'transparent', color: 'gray.700' } },
  },
  '.dh-nav-item--nested': { pl: 7 },
  '.dh-nav-item--icon': { justifyContent: 'center' },
  '.dh-nav-item-label': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minW: 0 },
};

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
  const className = ['dh-nav-item', nested && 'dh-nav-item--nested', collapsed && 'dh-nav-item--icon']
    .filter(Boolean)
    .join(' ');
  const content = (
    <>
      {IconComponent && <IconComponent boxSize={4} />}
      {!collapsed && <span className="dh-nav-item-label">{label}</span>}
    </>
  );
  const item = to ? (
    <NavLink
      to={to}
      end={end}
      onClick={onClick}
      className={className}
      aria-label={collapsed ? label : undefined}
    >
      {content}
    </NavLink>
  ) : (
    <button
      type="button"
      onClick={onClick}
      disabled={isDisabled}
      aria-disabled={isDisabled}
      className={className}
      aria-label={collapsed ? label : undefined}
    >
      {content}
    </button>
  );
  if (!collapsed) return item;
  return (
    <Tooltip label={label} placement="right" openDelay={0} hasArrow>
      <div>{item}</div>
    </Tooltip>
  );
}
