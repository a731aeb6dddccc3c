import type { SystemStyleObject } from '@chakra-ui/react';
import type { ComponentType, ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { lineClamp } from '../looks/line-clamp';
import { NavTooltip } from './NavTooltip';

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
 * The sidebar's look, its rows and its own parts (menu triggers, section labels, dividers):
 * `.dh-sidebar` in shell.css (see shell-stylesheet), not a styled component per element: the
 * sidebar lists every installed app, and one styled component per row made its first render cost
 * grow with the app count; its frame was another thirty styled components in the first screen.
 */
export const sidebarStyles: SystemStyleObject = {
  display: 'flex',
  flexDirection: 'column',
  h: 'full',
  px: 3,
  py: 3,
  gap: 2,
  '&.dh-sidebar--collapsed': { px: 1.5 },
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
  '.dh-nav-scroll': { flex: '1', overflowY: 'auto', overflowX: 'hidden' },
  '.dh-nav-section-label': { px: 2, pt: 2, pb: 1, fontSize: 'xs', fontWeight: 'medium', color: 'gray.600' },
  '.dh-nav-section-gap': { h: 2 },
  '.dh-nav-list': { display: 'flex', flexDirection: 'column', gap: 0.5 },
  '.dh-nav-toggle': {
    display: 'flex',
    alignItems: 'center',
    gap: 2.5,
    px: 2,
    py: 1.5,
    rounded: 'md',
    fontSize: 'sm',
    color: 'gray.700',
    _hover: { bg: 'blackAlpha.50' },
  },
  '.dh-nav-toggle-label': { flex: '1', textAlign: 'left' },
  '.dh-nav-collapse': {
    display: 'grid',
    transition: 'grid-template-rows 0.2s ease, opacity 0.2s ease, visibility 0.2s',
  },
  '.dh-nav-collapse-inner': { minH: 0, overflow: 'hidden' },
  '.dh-divider': {
    opacity: 0.6,
    borderWidth: 0,
    borderBottomWidth: '1px',
    borderColor: 'inherit',
    borderStyle: 'solid',
    w: '100%',
  },
  // The full-width clickable row that opens the server switcher and the user menu (DeferredMenu).
  '.dh-menu-button': { w: 'full', py: 2, rounded: 'md', cursor: 'pointer', _hover: { bg: 'blackAlpha.50' } },
  '.dh-menu-button--px0': { px: 0 },
  '.dh-menu-button--px1': { px: 1 },
  '.dh-menu-button--px2': { px: 2 },
  // What Chakra's MenuButton wraps its content in.
  '.dh-menu-button-label': { pointerEvents: 'none', flex: '1 1 auto', minW: 0 },
  '.dh-menu-trigger': { display: 'flex', alignItems: 'center', gap: 2 },
  '.dh-menu-trigger-text': { flex: '1', minW: 0, textAlign: 'left' },
  '.dh-menu-trigger-title': { fontSize: 'sm', fontWeight: 'semibold', ...lineClamp(1) },
  '.dh-menu-trigger-detail': { fontSize: 'xs', color: 'gray.600', ...lineClamp(1) },
  '.dh-server-badge': {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: 8,
    h: 8,
    rounded: 'md',
    bg: 'blue.600',
    color: 'white',
    flexShrink: 0,
  },
  '.dh-server-status': { display: 'flex', alignItems: 'center', gap: 1.5 },
  '.dh-status-dot': { w: 2, h: 2, rounded: 'full', bg: 'gray.300', flexShrink: 0 },
  '.dh-status-dot--online': { bg: 'green.400' },
};

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
  return <NavTooltip label={label}>{item}</NavTooltip>;
}
