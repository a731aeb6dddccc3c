import {
  isOrganizationPaid,
  parseServerPlan,
  serverPlanLabel,
  type Agent,
  type SubscriptionStatus,
  type UserOrganization,
} from 'shared';

/**
 * What a billing user can do for one server (spec section 4, Plans):
 * - assign-free: the Free plan (the owner's one free server);
 * - assign-pro: Pro from the Business organization's licenses;
 * - checkout-pro: a Pro subscription bought for that server (Individual organizations).
 */
export type ServerPlanAction = 'assign-free' | 'assign-pro' | 'checkout-pro';

export interface ServerPlanRow {
  agent: Agent;
  /** 'Free', 'Pro' or 'Unpaid'; null when the server carries an unknown plan. */
  planLabel: string | null;
  assigned: boolean;
  actions: ServerPlanAction[];
}

function planOf(agent: Agent): SubscriptionStatus | null {
  try {
    return parseServerPlan(agent.subscription_status);
  } catch {
    return null; // shown as an error, never acted on
  }
}

/**
 * True when the organization's owner is the user and a server in one of the user's own
 * organizations already has the Free plan (one free server per user, across owned organizations).
 * For other owners the server decides.
 */
export function isOwnFreeSlotUsed(
  organization: UserOrganization,
  organizations: readonly UserOrganization[],
  agents: readonly Agent[],
): boolean {
  if (organization.role !== 'owner') return false;
  const owned = new Set(organizations.filter((org) => org.role === 'owner').map((org) => org.id));
  return agents.some((agent) => owned.has(agent.organization_id) && planOf(agent) === 'free');
}

/** The organization's servers with their plan and the plan changes on offer. */
export function serverPlanRows(
  organization: UserOrganization,
  agents: readonly Agent[],
  freeSlotUsed: boolean,
): ServerPlanRow[] {
  const proAction: ServerPlanAction = isOrganizationPaid(organization.subscription_status)
    ? 'assign-pro'
    : 'checkout-pro';
  return agents
    .filter((agent) => agent.organization_id === organization.id)
    .map((agent) => {
      const plan = planOf(agent);
      const actions: ServerPlanAction[] = [];
      if (plan === 'unpaid' && !freeSlotUsed) actions.push('assign-free');
      if (plan === 'unpaid' || plan === 'free') actions.push(proAction);
      return {
        agent,
        planLabel: plan === null ? null : serverPlanLabel(plan),
        assigned: plan === 'free' || plan === 'paid',
        actions,
      };
    });
}
