import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { eventBus, useEventSubscription } from 'shared';
import { inChakraScope } from '../chakra/chakra-scope';
import { lazyOnFirstOpen } from '../load-on-use/lazyOnFirstOpen';

// Dialogs load only when first opened: they are not part of the shell's first paint.
const ServerConnectionDialog = lazyOnFirstOpen(
  inChakraScope(() => import('../connect/ServerConnectionDialog').then((module) => module.default)),
  'The dialog',
);
const DeployAppDialog = lazyOnFirstOpen(
  inChakraScope(() => import('../dashboard/DeployAppDialog').then((module) => module.default)),
  'The dialog',
);
const CreateOrganizationDialog = lazyOnFirstOpen(
  inChakraScope(() =>
    import('../connect/CreateOrganizationDialog').then((module) => module.CreateOrganizationDialog),
  ),
  'The dialog',
);

export interface ShellDialogs {
  openConnectServer(): void;
  openDeployApp(): void;
}

const ShellDialogsContext = createContext<ShellDialogs | null>(null);

export function useShellDialogs(): ShellDialogs {
  const value = useContext(ShellDialogsContext);
  if (!value) throw new Error('useShellDialogs must be used within ShellDialogsProvider');
  return value;
}

type OpenDialog = 'connect-server' | 'deploy-app' | 'create-organization' | null;

/**
 * Dialogs several places open (sidebar, dashboard, remotes through the event bus): one instance
 * each, owned by the shell.
 */
export function ShellDialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenDialog>(null);
  useEventSubscription('organization:create', () => setOpen('create-organization'));
  const value = useMemo<ShellDialogs>(
    () => ({
      openConnectServer: () => setOpen('connect-server'),
      openDeployApp: () => setOpen('deploy-app'),
    }),
    [],
  );
  const close = () => setOpen(null);
  return (
    <ShellDialogsContext.Provider value={value}>
      {children}
      {open === 'connect-server' && <ServerConnectionDialog isOpen onClose={close} />}
      {open === 'deploy-app' && <DeployAppDialog isOpen onClose={close} />}
      {open === 'create-organization' && (
        <CreateOrganizationDialog
          isOpen
          onClose={close}
          onCreated={(organizationId) => eventBus.publish('organization:created', { organizationId })}
        />
      )}
    </ShellDialogsContext.Provider>
  );
}
