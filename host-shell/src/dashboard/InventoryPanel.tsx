import { Button, Stack, type SystemStyleObject } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import type { AppInventory, AppListItem } from 'shared';
import { useFoundAppMutation } from './useFoundAppMutation';
import { useMissingAppMutation } from './useMissingAppMutation';
import { lazyOnFirstOpen } from '../load-on-use/lazyOnFirstOpen';
import { lineClamp } from '../looks/line-clamp';

const ConfirmDialog = lazyOnFirstOpen(
  () => import('shared/src/ui/ConfirmDialog').then((module) => module.ConfirmDialog),
  'The dialog',
);

interface InventoryPanelProps {
  agentId: string;
  inventory: AppInventory;
  apps: AppListItem[];
  /** Managers act; other members only see the differences. */
  canManage: boolean;
}

type Pending = { appId: string; label: string; action: 'remove' | 'delete' } | null;

/**
 * Rows shown before 'Show all': a server that lost (or holds) hundreds of apps Dockhand does not
 * know still leaves the dashboard readable, and its first render does not grow with them.
 */
const ROWS_SHOWN = 10;

/**
 * The rows' look, applied once by the panel (`sx`) instead of by styled components per row; the
 * badge is drawn as Chakra's subtle orange Badge.
 */
const panelStyles: SystemStyleObject = {
  '.dh-inventory-row': {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: 3,
    borderWidth: '1px',
    borderColor: 'orange.200',
    bg: 'orange.50',
    rounded: 'lg',
    px: 3,
    py: 2,
  },
  '.dh-inventory-text': { minW: 0 },
  '.dh-inventory-title': { display: 'flex', alignItems: 'center', gap: 2 },
  '.dh-inventory-label': { fontSize: 'sm', fontWeight: 'medium', ...lineClamp(1) },
  '.dh-inventory-badge': {
    display: 'inline-block',
    whiteSpace: 'nowrap',
    verticalAlign: 'middle',
    px: 1,
    textTransform: 'uppercase',
    fontSize: 'xs',
    borderRadius: 'sm',
    fontWeight: 'bold',
    bg: 'orange.100',
    color: 'orange.800',
  },
  '.dh-inventory-note': { fontSize: 'xs', color: 'gray.600' },
  '.dh-inventory-actions': { display: 'flex', gap: 2, flexShrink: 0 },
};

/**
 * Differences between Dockhand's records and what the server really holds (issue 15): apps found
 * on the server (Adopt, Remove) and apps whose server lost them (Redeploy, Delete). Removing asks
 * first: nothing leaves a user's server without the operator saying so.
 */
export function InventoryPanel({ agentId, inventory, apps, canManage }: InventoryPanelProps) {
  const found = useFoundAppMutation(agentId);
  const missing = useMissingAppMutation(agentId);
  const [confirming, setConfirming] = useState<Pending>(null);
  const [showAll, setShowAll] = useState(false);
  const missingApps = useMemo(() => {
    const missingIds = new Set(inventory.missing);
    return apps.filter((app) => missingIds.has(app.id));
  }, [apps, inventory.missing]);
  const total = inventory.found.length + missingApps.length;
  if (total === 0) return null;
  // Found apps first, then missing ones, up to ROWS_SHOWN in all until the user asks for every row.
  const foundShown = showAll ? inventory.found : inventory.found.slice(0, ROWS_SHOWN);
  const missingShown = showAll ? missingApps : missingApps.slice(0, ROWS_SHOWN - foundShown.length);
  const busy = found.isPending || missing.isPending;
  const confirm = () => {
    if (!confirming) return;
    const done = { onSettled: () => setConfirming(null) };
    if (confirming.action === 'remove') found.mutate({ appId: confirming.appId, action: 'remove' }, done);
    else missing.mutate({ appId: confirming.appId, action: 'delete' }, done);
  };
  return (
    <Stack spacing={2} mt={4} data-testid="inventory-panel" sx={panelStyles}>
      {foundShown.map((entry) => (
        <Row
          key={entry.app_id}
          testId="found-app"
          label={entry.project}
          badge="Found on this server"
          note="Running on this server but not managed by Dockhand."
          actions={canManage ? ['Adopt', 'Remove'] : []}
          isBusy={busy}
          onAction={(label) =>
            label === 'Adopt'
              ? found.mutate({ appId: entry.app_id, action: 'adopt' })
              : setConfirming({ appId: entry.app_id, label: entry.project, action: 'remove' })
          }
        />
      ))}
      {missingShown.map((app) => (
        <Row
          key={app.id}
          testId="missing-app"
          label={app.name}
          badge="Missing"
          note="Dockhand has this app, but the server does not."
          actions={canManage ? ['Redeploy', 'Delete'] : []}
          isBusy={busy}
          onAction={(label) =>
            label === 'Redeploy'
              ? missing.mutate({ appId: app.id, action: 'redeploy' })
              : setConfirming({ appId: app.id, label: app.name, action: 'delete' })
          }
        />
      ))}
      {total > ROWS_SHOWN && (
        <Button size="xs" variant="link" alignSelf="flex-start" onClick={() => setShowAll((all) => !all)}>
          {showAll ? 'Show fewer' : `Show all ${total}`}
        </Button>
      )}
      <ConfirmDialog
        isOpen={confirming !== null}
        title={confirming?.action === 'remove' ? 'Remove App From Server' : 'Delete App'}
        confirmLabel={confirming?.action === 'remove' ? 'Remove' : 'Delete'}
        isLoading={busy}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      >
        {confirming?.action === 'remove'
          ? `Stop and remove ${confirming.label} from this server? Its containers and files are deleted.`
          : `Delete ${confirming?.label ?? 'this app'} from Dockhand?`}
      </ConfirmDialog>
    </Stack>
  );
}

interface RowProps {
  testId: string;
  label: string;
  badge: string;
  note: string;
  /** Button labels; the second one is the destructive action. */
  actions: string[];
  isBusy: boolean;
  onAction: (label: string) => void;
}

function Row({ testId, label, badge, note, actions, isBusy, onAction }: RowProps) {
  return (
    <div data-testid={testId} className="dh-inventory-row">
      <div className="dh-inventory-text">
        <div className="dh-inventory-title">
          <p className="chakra-text dh-inventory-label">{label}</p>
          <span className="chakra-badge dh-inventory-badge">{badge}</span>
        </div>
        <p className="chakra-text dh-inventory-note">{note}</p>
      </div>
      <div className="dh-inventory-actions">
        {actions.map((action, index) => (
          <Button
            key={action}
            size="xs"
            variant={index === 0 ? 'solid' : 'outline'}
            colorScheme={index === 0 ? 'gray' : 'red'}
            isDisabled={isBusy}
            onClick={() => onAction(action)}
          >
            {action}
          </Button>
        ))}
      </div>
    </div>
  );
}
