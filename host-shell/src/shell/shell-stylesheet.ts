import type { SystemStyleObject } from '@chakra-ui/react';
import { appsGridStyles } from '../dashboard/AppsGrid';
import { dashboardStyles } from '../dashboard/DashboardPage';
import { serverCardStyles } from '../dashboard/ServerCard';
import { shellStyles } from './AppShell';
import { sidebarStyles } from './sidebar/NavItem';

/**
 * The first screen's own looks, each written for the element with its class and what is inside it.
 * shell.css holds them as CSS, made at build time by shell-css.test.tsx (which keeps the two
 * equal), so no page load spends its first render turning them into CSS through Chakra's styled
 * system and emotion, as it did when each was the `sx` of its element. Tokens (`gray.600`, `4`,
 * `md`) mean what they mean in Chakra's theme.
 */
export const SHELL_STYLESHEET: Record<string, SystemStyleObject> = {
  'dh-shell': shellStyles,
  'dh-sidebar': sidebarStyles,
  'dh-dashboard': dashboardStyles,
  'dh-apps-grid': appsGridStyles,
  'dh-server-card': serverCardStyles,
};
