import { Button, type ButtonProps } from '@chakra-ui/react';
import { useState } from 'react';
import {
  agentSubscriptionUrl,
  businessSubscriptionUrl,
  hostAccessBlock,
  useCurrentAgent,
  useCurrentUser,
  useOpenBillingPageMutation,
  type CatalogItem,
  type UpgradeAction,
} from 'shared';
import { catalogActionFor, serverPlanContext } from './catalog-action';
import { InstallDialog } from './InstallDialog';
import { WaitlistDialog } from './WaitlistDialog';

interface CatalogActionButtonProps extends Omit<ButtonProps, 'onClick'> {
  item: CatalogItem;
  versionMode: 'choose' | 'fixed';
}

/**
 * The main button of a catalog item for the selected server: Install (opens the install dialog),
 * the upgrade its plan needs first (opens the checkout), or Join Waitlist for private betas.
 */
export function CatalogActionButton({ item, versionMode, ...buttonProps }: CatalogActionButtonProps) {
  const { currentAgent } = useCurrentAgent();
  const { user } = useCurrentUser();
  const [dialog, setDialog] = useState<'install' | 'waitlist' | null>(null);
  const plan = serverPlanContext(currentAgent, user);
  const action = catalogActionFor(item, plan);

  const upgrade = useOpenBillingPageMutation();
  const openCheckout = ({ target }: UpgradeAction) =>
    upgrade.mutate(
      target === 'agent-subscription'
        ? {
            pageUrl: () => agentSubscriptionUrl(currentAgent!.id),
            failureTitle: 'Unable to open subscription page',
          }
        : {
            pageUrl: async () => {
              if (!plan.organizationId) throw new Error('No organization with billing access found');
              return businessSubscriptionUrl(plan.organizationId);
            },
            failureTitle: 'Unable to open business subscription',
          },
    );

  if (!currentAgent) return null;
  const onClick =
    action.kind === 'upgrade'
      ? () => openCheckout(action.upgrade)
      : () => setDialog(action.kind === 'waitlist' ? 'waitlist' : 'install');
  const label =
    action.kind === 'upgrade'
      ? action.upgrade.label
      : action.kind === 'waitlist'
        ? 'Join Waitlist'
        : 'Install';

  return (
    <>
      <Button
        size="sm"
        colorScheme={action.kind === 'upgrade' ? 'purple' : 'blue'}
        variant={action.kind === 'waitlist' ? 'outline' : 'solid'}
        isLoading={upgrade.isPending}
        {...buttonProps}
        onClick={onClick}
      >
        {label}
      </Button>
      {dialog === 'install' && (
        <InstallDialog
          item={item}
          agentId={currentAgent.id}
          serverPlan={plan.serverPlan}
          versionMode={versionMode}
          policyBlock={hostAccessBlock(item, currentAgent.capabilities)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'waitlist' && <WaitlistDialog appName={item.name} onClose={() => setDialog(null)} />}
    </>
  );
}
