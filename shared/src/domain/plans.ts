import type { SubscriptionStatus } from '../types';
import { compareVersions, sortByVersionDescending } from './versions';

const SERVER_PLANS: readonly SubscriptionStatus[] = ['free', 'paid', 'unpaid'];
const SERVER_PLAN_LABELS: Record<SubscriptionStatus, string> = {
  free: 'Free',
  paid: 'Pro',
  unpaid: 'Unpaid',
};

/** Thrown when an agent carries a subscription_status the product does not know. */
export class UnknownSubscriptionStatusError extends Error {
  constructor(readonly value: unknown) {
    super(`Unknown subscription status: ${String(value)}`);
    this.name = 'UnknownSubscriptionStatusError';
  }
}

/**
 * Reads an agent's subscription_status. Unset (undefined, null, '') counts as unpaid, the known
 * values pass through, anything else throws so the UI shows it as an error (spec section 3).
 */
export function parseServerPlan(value: unknown): SubscriptionStatus {
  if (value === undefined || value === null || value === '') return 'unpaid';
  if (typeof value === 'string' && (SERVER_PLANS as readonly string[]).includes(value)) {
    return value as SubscriptionStatus;
  }
  throw new UnknownSubscriptionStatusError(value);
}

/** 'Free', 'Pro' or 'Unpaid'; unset reads as 'Unpaid'. Throws on unknown values. */
export function serverPlanLabel(value: unknown): string {
  return SERVER_PLAN_LABELS[parseServerPlan(value)];
}

/** Paid and free servers count as having a plan assigned. */
export function isServerPlanAssigned(value: unknown): boolean {
  return parseServerPlan(value) !== 'unpaid';
}

/** True for unpaid or unset subscriptions (install and editing are then disabled). */
export function isServerUnpaid(value: unknown): boolean {
  return parseServerPlan(value) === 'unpaid';
}

/** An organization is Business when paid, Individual otherwise. */
export function isOrganizationPaid(subscriptionStatus: unknown): boolean {
  return subscriptionStatus === 'paid';
}

export function organizationPlanLabel(subscriptionStatus: unknown): 'Business' | 'Individual' {
  return isOrganizationPaid(subscriptionStatus) ? 'Business' : 'Individual';
}

export interface UpgradeContext {
  /** The catalog item's available_in; empty or missing means no restriction. */
  availableIn: readonly string[] | null | undefined;
  /** The selected server's subscription_status (unset reads as unpaid). */
  serverPlan: unknown;
  /** Whether the server's organization is paid (Business). */
  organizationPaid: boolean;
}

/**
 * Whether installing the item needs an upgrade (spec section 6, "Upgrade need"). Unpaid servers
 * have no plan at all, so they are judged like free servers.
 */
export function isUpgradeNeeded({ availableIn, serverPlan, organizationPaid }: UpgradeContext): boolean {
  if (!availableIn || availableIn.length === 0) return false;
  const inFree = availableIn.includes('free');
  const inPro = availableIn.includes('pro');
  const inBusiness = availableIn.includes('business');
  if (parseServerPlan(serverPlan) === 'paid') {
    const businessOnly = inBusiness && !inPro && !inFree;
    return businessOnly && !organizationPaid;
  }
  if (inFree) return false;
  return !(organizationPaid && inBusiness);
}

export type UpgradeTarget = 'agent-subscription' | 'organization-checkout';
export interface UpgradeAction {
  label: 'Upgrade to Pro' | 'Upgrade to Business';
  target: UpgradeTarget;
}

/**
 * The upgrade button of a catalog item that needs one: pro-only and pro+business items upgrade
 * the server ('Upgrade to Pro'), business-only items the organization ('Upgrade to Business').
 */
export function upgradeActionFor(availableIn: readonly string[] | null | undefined): UpgradeAction {
  const list = availableIn ?? [];
  const businessOnly = list.includes('business') && !list.includes('pro') && !list.includes('free');
  return businessOnly
    ? { label: 'Upgrade to Business', target: 'organization-checkout' }
    : { label: 'Upgrade to Pro', target: 'agent-subscription' };
}

export const FREE_PLAN_MORE_VERSIONS_MESSAGE = 'More version releases are available with a Pro subscription.';

export interface VersionChoice {
  name: string;
  /** True when the version needs Pro: shown with a 'Pro' lock and not selectable. */
  locked: boolean;
}

export interface VersionChoices {
  choices: VersionChoice[];
  /** True when older versions were hidden; show FREE_PLAN_MORE_VERSIONS_MESSAGE. */
  olderVersionsHidden: boolean;
}

/** The words of a version in a picker: a locked one carries the 'Pro' lock. */
export function versionChoiceLabel(choice: VersionChoice): string {
  return choice.locked ? `${choice.name} (Pro 🔒)` : choice.name;
}

/**
 * Which versions a server may install (spec section 6, free-plan servers). Paid servers see
 * every release. A free server may install only the versions published as tags; releases newer
 * than its newest tag show locked, older releases are hidden. An unpaid server has no plan yet,
 * so it gets no more than Free would (it cannot install until one is assigned). `running`, the
 * version an app already runs, is always offered. Output is ordered newest first.
 */
export function versionChoicesForPlan(
  releases: readonly string[],
  tags: readonly string[],
  serverPlan: unknown,
  running?: string | null,
): VersionChoices {
  const everything = sortByVersionDescending(
    [...new Set([...releases, ...tags, ...(running ? [running] : [])])],
    (name) => name,
  );
  if (parseServerPlan(serverPlan) === 'paid') {
    return { choices: everything.map((name) => ({ name, locked: false })), olderVersionsHidden: false };
  }
  const tagSet = new Set(tags);
  const newestTag = sortByVersionDescending(tags, (name) => name)[0];
  const choices: VersionChoice[] = [];
  let olderVersionsHidden = false;
  for (const name of everything) {
    if (tagSet.has(name) || name === running) choices.push({ name, locked: false });
    else if (newestTag === undefined || compareVersions(name, newestTag) > 0)
      choices.push({ name, locked: true });
    else olderVersionsHidden = true;
  }
  return { choices, olderVersionsHidden };
}
