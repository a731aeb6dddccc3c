import { useCurrentAgent } from 'shared';
import { ChevronsUpDownIcon, ServerIcon } from '../looks/icons';
import { DeferredMenu } from './DeferredMenu';
import { StatusDot } from './StatusDot';

/** The sidebar's server picker: servers grouped by organization, 'Shared Servers', 'Add server'. */
export function ServerSwitcher({ collapsed }: { collapsed: boolean }) {
  const { currentAgent, isAgentOnline } = useCurrentAgent();
  const trigger = (
    <div className="dh-menu-trigger">
      <div className="dh-server-badge">
        <ServerIcon boxSize={4} />
      </div>
      {!collapsed && (
        <>
          <div className="dh-menu-trigger-text">
            <p className="chakra-text dh-menu-trigger-title">{currentAgent?.name ?? 'No server selected'}</p>
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
  );
  return (
    <DeferredMenu
      menu="ServerSwitcherMenu"
      trigger={trigger}
      triggerProps={{
        'aria-label': 'Select server',
        'data-testid': 'server-switcher',
        className: collapsed ? 'dh-menu-button dh-menu-button--px1' : 'dh-menu-button dh-menu-button--px2',
      }}
    />
  );
}
