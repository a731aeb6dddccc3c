import {
  FREE_PLAN_MORE_VERSIONS_MESSAGE,
  UnknownSubscriptionStatusError,
  isOrganizationPaid,
  isServerPlanAssigned,
  isServerUnpaid,
  isUpgradeNeeded,
  organizationPlanLabel,
  parseServerPlan,
  serverPlanLabel,
  upgradeActionFor,
  versionChoiceLabel,
  versionChoicesForPlan,
} from './plans';

describe('server plan', () => {
  it('labels free, paid and unpaid as Free, Pro and Unpaid', () => {
    expect(serverPlanLabel('free')).toBe('Free');
    expect(serverPlanLabel('paid')).toBe('Pro');
    expect(serverPlanLabel('unpaid')).toBe('Unpaid');
  });

  it('treats unset as unpaid and rejects unknown values', () => {
    expect(parseServerPlan(undefined)).toBe('unpaid');
    expect(parseServerPlan(null)).toBe('unpaid');
    expect(parseServerPlan('')).toBe('unpaid');
    expect(() => parseServerPlan('gold')).toThrow(UnknownSubscriptionStatusError);
    expect(() => serverPlanLabel(3)).toThrow('Unknown subscription status: 3');
  });

  it('counts free and paid as assigned', () => {
    expect(isServerPlanAssigned('free')).toBe(true);
    expect(isServerPlanAssigned('paid')).toBe(true);
    expect(isServerPlanAssigned(undefined)).toBe(false);
    expect(isServerUnpaid('unpaid')).toBe(true);
    expect(isServerUnpaid('free')).toBe(false);
  });
});

describe('organization plan', () => {
  it('is Business only when paid', () => {
    expect(organizationPlanLabel('paid')).toBe('Business');
    expect(organizationPlanLabel('free')).toBe('Individual');
    expect(organizationPlanLabel(undefined)).toBe('Individual');
    expect(isOrganizationPaid('unpaid')).toBe(false);
  });
});

describe('isUpgradeNeeded', () => {
  const check = (availableIn: string[] | undefined, serverPlan: string, organizationPaid = false) =>
    isUpgradeNeeded({ availableIn, serverPlan, organizationPaid });

  it('never needs an upgrade without restrictions', () => {
    expect(check([], 'free')).toBe(false);
    expect(check(undefined, 'unpaid')).toBe(false);
  });

  it('on a free server needs one unless the item is in free or the org is paid for business items', () => {
    expect(check(['free', 'pro'], 'free')).toBe(false);
    expect(check(['pro'], 'free')).toBe(true);
    expect(check(['pro', 'business'], 'free')).toBe(true);
    expect(check(['pro', 'business'], 'free', true)).toBe(false);
    expect(check(['business'], 'free', true)).toBe(false);
    expect(check(['pro'], 'free', true)).toBe(true);
  });

  it('on a paid server needs one only for business-only items in an unpaid org', () => {
    expect(check(['pro'], 'paid')).toBe(false);
    expect(check(['business'], 'paid')).toBe(true);
    expect(check(['business'], 'paid', true)).toBe(false);
    expect(check(['pro', 'business'], 'paid')).toBe(false);
  });

  it('judges an unpaid server like a free one', () => {
    expect(check(['free'], 'unpaid')).toBe(false);
    expect(check(['pro'], 'unpaid')).toBe(true);
  });
});

describe('upgradeActionFor', () => {
  it('labels pro-only and pro+business as Upgrade to Pro through the agent subscription', () => {
    expect(upgradeActionFor(['pro'])).toEqual({ label: 'Upgrade to Pro', target: 'agent-subscription' });
    expect(upgradeActionFor(['pro', 'business']).label).toBe('Upgrade to Pro');
  });

  it('labels business-only as Upgrade to Business through organization checkout', () => {
    expect(upgradeActionFor(['business'])).toEqual({
      label: 'Upgrade to Business',
      target: 'organization-checkout',
    });
  });
});

describe('versionChoicesForPlan', () => {
  const releases = ['1.0.0', '1.1.0', '2.0.0', '2.1.0', '3.0.0'];

  it('offers every version newest first on a paid server', () => {
    const { choices, olderVersionsHidden } = versionChoicesForPlan(releases, ['2.0.0'], 'paid');
    expect(choices.map((choice) => choice.name)).toEqual(['3.0.0', '2.1.0', '2.0.0', '1.1.0', '1.0.0']);
    expect(choices.every((choice) => !choice.locked)).toBe(true);
    expect(olderVersionsHidden).toBe(false);
  });

  it('on a free server offers tags, locks newer releases and hides older ones', () => {
    const { choices, olderVersionsHidden } = versionChoicesForPlan(releases, ['2.0.0'], 'free');
    expect(choices).toEqual([
      { name: '3.0.0', locked: true },
      { name: '2.1.0', locked: true },
      { name: '2.0.0', locked: false },
    ]);
    expect(olderVersionsHidden).toBe(true);
    expect(FREE_PLAN_MORE_VERSIONS_MESSAGE).toBe(
      'More version releases are available with a Pro subscription.',
    );
  });

  it('gives an unpaid server no more than Free, and always offers the version an app runs', () => {
    expect(versionChoicesForPlan(releases, ['2.0.0'], 'unpaid').choices).toEqual(
      versionChoicesForPlan(releases, ['2.0.0'], 'free').choices,
    );
    const { choices } = versionChoicesForPlan(releases, ['2.0.0'], 'free', '1.1.0');
    expect(choices.map((choice) => versionChoiceLabel(choice))).toEqual([
      '3.0.0 (Pro 🔒)',
      '2.1.0 (Pro 🔒)',
      '2.0.0',
      '1.1.0',
    ]);
  });

  it('locks everything on a free server when no tag exists', () => {
    const { choices, olderVersionsHidden } = versionChoicesForPlan(['1.0.0'], [], 'free');
    expect(choices).toEqual([{ name: '1.0.0', locked: true }]);
    expect(olderVersionsHidden).toBe(false);
  });
});
