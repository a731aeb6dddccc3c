import type { SystemStyleObject } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  appInventoryQueryOptions,
  appStatusesQueryOptions,
  appsQueryOptions,
  canManageOrganizations,
  canManageServer,
  useCurrentAgent,
  useCurrentUser,
} from 'shared';
import { useHostAgent } from '../current-server/CurrentAgentProvider';
import { chakraIsland, inChakraScope } from '../chakra/chakra-scope';
import { PlusIcon } from '../looks/icons';
import { lazyOnFirstOpen } from '../load-on-use/lazyOnFirstOpen';
import { ShellButton, ShellServerSelect } from '../looks/plain-controls';
import { useShellDialogs } from '../dialogs/ShellDialogs';
import { isDeployDisabled } from '../sidebar/NavMenus';
import { AppsGrid } from './AppsGrid';
import { ServerCard } from './ServerCard';
import { useAgentUpdateNotice } from './useAgentUpdateNotice';

// The page's rarer parts draw with Chakra and load with it, after the first paint (chakra-scope).
const InvitationsPanel = chakraIsland(() =>
  import('./InvitationsPanel').then((module) => module.InvitationsPanel),
);
const InventoryPanel = chakraIsland(() => import('./InventoryPanel').then((module) => module.InventoryPanel));
const DeleteServerPanel = chakraIsland(() =>
  import('./DeleteServerPanel').then((module) => module.DeleteServerPanel),
);
const WelcomePanel = chakraIsland(() => import('./WelcomePanel').then((module) => module.WelcomePanel));
const AgentErrorAlert = chakraIsland(() =>
  import('./AgentErrorAlert').then((module) => module.AgentErrorAlert),
);
const UpdateAgentDialog = lazyOnFirstOpen(
  inChakraScope(() => import('./UpdateAgentDialog').then((module) => module.default)),
  'The dialog',
);

/**
 * The page's frame (title, panels, columns): `.dh-dashboard` in shell.css (see shell-stylesheet),
 * not a styled component per element: the page renders in the first screen's one render task, and
 * again each time one of its queries settles.
 */
export const dashboardStyles: SystemStyleObject = {
  display: 'flex',
  flexDirection: 'column',
  gap: 6,
  maxW: '1200px',
  mx: 'auto',
  '.dh-dash-head': {
    display: 'flex',
    alignItems: { base: 'stretch', md: 'flex-end' },
    justifyContent: 'space-between',
    gap: 4,
    flexDirection: { base: 'column', md: 'row' },
  },
  '.dh-dash-title': {
    fontFamily: 'heading',
    fontWeight: 'bold',
    fontSize: ['2xl', null, '3xl'],
    lineHeight: [1.33, null, 1.2],
  },
  '.dh-dash-subtitle': { color: 'gray.600', fontSize: 'sm' },
  '.dh-dash-columns': {
    display: 'grid',
    gridTemplateColumns: { base: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 392px' },
    gap: 6,
    alignItems: 'start',
  },
  '.dh-dash-side': { display: 'flex', flexDirection: 'column', gap: 4 },
  '.dh-panel': { bg: 'white', borderWidth: '1px', rounded: '2xl', p: 5 },
  '.dh-panel-head': { display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 4, gap: 3 },
  '.dh-panel-title': { fontFamily: 'heading', fontWeight: 'bold', fontSize: 'md', lineHeight: 1.2 },
  '.dh-dash-note': { mt: 3, fontSize: 'sm' },
  '.dh-dash-note--error': { color: 'red.600' },
  '.dh-dash-note--plan': { color: 'purple.600' },
};

function Panel({
  title,
  action,
  children,
}: {
  title: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-label={title} className="dh-panel">
      <div className="dh-panel-head">
        <h2 className="chakra-heading dh-panel-title">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** The dashboard index page (spec section 2, Dashboard). */
export default function DashboardPage() {
  const {
    agents,
    isLoadingAgents,
    agentError,
    currentAgent,
    currentAgentId,
    selectAgent,
    isOnline,
    isDockerResponding,
  } = useCurrentAgent();
  const { user } = useCurrentUser();
  const { openConnectServer, openDeployApp } = useShellDialogs();
  const { isUnavailable } = useHostAgent();
  const [updateOpen, setUpdateOpen] = useState(false);
  const agentId = currentAgent?.id ?? '';
  const apps = useQuery({ ...appsQueryOptions(agentId), enabled: Boolean(currentAgent) });
  const appList = apps.data ?? [];
  const statuses = useQuery(
    appStatusesQueryOptions(agentId, Boolean(currentAgent) && isOnline && appList.length > 0),
  );
  // Apps found on the server without a record, and records whose app it lost (issue 15).
  const inventory = useQuery(appInventoryQueryOptions(agentId, Boolean(currentAgent) && isOnline));
  const updateAvailable = useAgentUpdateNotice(currentAgent);
  const canDeploy =
    !isDeployDisabled(currentAgent?.subscription_status, Boolean(currentAgent)) && !isUnavailable;
  const canDeleteServer = Boolean(currentAgent) && !isOnline && apps.isSuccess && appList.length === 0;

  if (isLoadingAgents) {
    return (
      <div className="chakra-stack dh-dashboard-loading">
        <div className="chakra-skeleton dh-dashboard-loading__skeleton" />
        <div className="chakra-skeleton dh-dashboard-loading__skeleton-2" />
      </div>
    );
  }

  return (
    <div className="chakra-stack dh-dashboard">
      <div className="dh-dash-head">
        <div>
          <h2 className="chakra-heading dh-dash-title">Dashboard</h2>
          <p className="chakra-text dh-dash-subtitle">Your server and the apps running on it.</p>
        </div>
        {agents.length > 0 && (
          <ShellServerSelect
            label="Server"
            aria-label="Server"
            value={currentAgentId ?? ''}
            onChange={(event) => selectAgent(event.target.value || null)}
          >
            {agents.map((agent) => (
              <option key={agent.id} value={agent.id}>
                {agent.name}
              </option>
            ))}
          </ShellServerSelect>
        )}
      </div>

      <InvitationsPanel />

      {agents.length === 0 && agentError ? (
        <AgentErrorAlert message={agentError} />
      ) : agents.length === 0 ? (
        <WelcomePanel onAddServer={openConnectServer} />
      ) : (
        <div className="dh-dash-columns">
          <Panel
            title="Your Apps"
            action={
              <ShellButton
                look="dh-button-solid"
                icon={<PlusIcon boxSize={4} aria-hidden="true" />}
                onClick={openDeployApp}
                disabled={!canDeploy}
              >
                Deploy App
              </ShellButton>
            }
          >
            {apps.isLoading ? (
              <div className="chakra-skeleton dh-apps-loading" />
            ) : (
              <AppsGrid
                apps={appList}
                statuses={statuses.data}
                statusesKnown={isOnline && isDockerResponding}
                canDeploy={canDeploy}
                onDeploy={openDeployApp}
              />
            )}
            {inventory.data && isOnline && (
              <InventoryPanel
                agentId={agentId}
                inventory={inventory.data}
                apps={appList}
                canManage={canManageServer(user, currentAgent)}
              />
            )}
            {apps.error && (
              <p className="chakra-text dh-dash-note dh-dash-note--error">{apps.error.message}</p>
            )}
            {currentAgent && isDeployDisabled(currentAgent.subscription_status, true) && (
              <p className="chakra-text dh-dash-note dh-dash-note--plan">
                This server has no plan yet: assign it a Free or Pro plan
                {canManageOrganizations(user) && (
                  <>
                    {' in '}
                    <RouterLink to="/organization" className="chakra-link dh-link">
                      Manage Organization
                    </RouterLink>
                  </>
                )}{' '}
                to deploy apps.
              </p>
            )}
          </Panel>
          <div className="dh-dash-side">
            <Panel
              title="Server"
              action={
                <ShellButton
                  look="dh-button-outline"
                  icon={<PlusIcon boxSize={4} aria-hidden="true" />}
                  onClick={openConnectServer}
                >
                  Add Server
                </ShellButton>
              }
            >
              <ServerCard
                agent={currentAgent}
                online={isOnline}
                dockerResponding={isDockerResponding}
                updateAvailable={updateAvailable}
                onUpdate={() => setUpdateOpen(true)}
              />
            </Panel>
            {canDeleteServer && currentAgent && <DeleteServerPanel agent={currentAgent} />}
          </div>
        </div>
      )}
      {updateOpen && currentAgent && (
        <UpdateAgentDialog agent={currentAgent} isOpen onClose={() => setUpdateOpen(false)} />
      )}
    </div>
  );
}
