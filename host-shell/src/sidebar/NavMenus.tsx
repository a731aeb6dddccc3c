import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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
} from '../looks/icons';
import { useShellDialogs } from '../dialogs/ShellDialogs';
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
  if (collapsed) return <div className="dh-nav-section-gap" />;
  return <p className="chakra-text dh-nav-section-label">{children}</p>;
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
  const [appsOpen, setAppsOpen] = useState(true);
  const deployDisabled = isDeployDisabled(currentAgent?.subscription_status, Boolean(currentAgent));

  return (
    <nav aria-label="Platform" className="chakra-stack dh-nav-list">
      <SectionLabel collapsed={collapsed}>Platform</SectionLabel>
      <NavItem to="/" end label="Dashboard" icon={DashboardIcon} collapsed={collapsed} onClick={onNavigate} />
      {collapsed ? (
        <NavItem
          label="Apps"
          icon={AppsIcon}
          collapsed
          onClick={() => {
            setAppsOpen(true);
            onExpand?.();
          }}
        />
      ) : (
        <button
          type="button"
          onClick={() => setAppsOpen((isOpen) => !isOpen)}
          aria-expanded={appsOpen}
          className="dh-nav-toggle"
        >
          <AppsIcon boxSize={4} />
          <span className="chakra-text dh-nav-toggle-label">Apps</span>
          <ChevronDownIcon
            boxSize={4}
            style={{
              transform: appsOpen ? 'rotate(180deg)' : undefined,
              transition: 'transform 0.2s',
            }}
          />
        </button>
      )}
      {!collapsed && (
        // Opens and closes in CSS (grid rows 0fr <-> 1fr): no animation library on the first paint.
        <div
          className="dh-nav-collapse"
          style={{
            gridTemplateRows: appsOpen ? '1fr' : '0fr',
            opacity: appsOpen ? 1 : 0,
            visibility: appsOpen ? 'visible' : 'hidden',
          }}
        >
          <div className="chakra-stack dh-nav-list dh-nav-collapse-inner" data-testid="sidebar-apps">
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
          </div>
        </div>
      )}
    </nav>
  );
}

/** Apps Catalog, Server Settings (when the user may manage the server), Manage Organization (capability). */
export function BottomLinks({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { user } = useAuth();
  const { currentAgent } = useCurrentAgent();
  return (
    <nav aria-label="More" className="chakra-stack dh-nav-list">
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
    </nav>
  );
}
