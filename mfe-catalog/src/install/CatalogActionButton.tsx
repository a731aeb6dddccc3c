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

interface CatalogActionButtonProps {
  item: CatalogItem;
  versionMode: 'choose' | 'fixed';
  /** sm on a card; md, as wide as its place, on an item's page. */
  size: 'sm' | 'md';
}

/**
 * The main button of a catalog item for the selected server: Install (opens the install dialog),
 * the upgrade its plan needs first (opens the checkout), or Join Waitlist for private betas.
 * A plain button drawn by the catalog's style sheet (CatalogStyles), which its page renders.
 */
export function CatalogActionButton({ item, versionMode, size }: CatalogActionButtonProps) {
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
  const busy = upgrade.isPending;
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
      <button
        type="button"
        className={`dh-catalog-action dh-catalog-action-${size} dh-catalog-action-${action.kind}`}
        disabled={busy}
        data-loading={busy ? '' : undefined}
        onClick={onClick}
      >
        {busy ? (
          <>
            {/* As Chakra's Button while loading: a spinner named Loading... over the hidden label. */}
            <span className="dh-catalog-action-spinner">
              <span>
                <span className="dh-catalog-visually-hidden">Loading...</span>
              </span>
            </span>
            <span className="dh-catalog-action-busy-label">{label}</span>
          </>
        ) : (
          label
        )}
      </button>
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
