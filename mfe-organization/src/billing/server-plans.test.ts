import type { Agent, UserOrganization } from 'shared';
import { isOwnFreeSlotUsed, serverPlanRows } from './server-plans';

const org = (id: string, overrides: Partial<UserOrganization> = {}): UserOrganization => ({
  id,
  name: id,
  role: 'owner',
  subscription_status: 'free',
  licenses: 0,
  ...overrides,
});
const agent = (id: string, organization_id: string, subscription_status?: string | null) =>
  ({ id, name: id, organization_id, subscription_status }) as Agent;

describe('serverPlanRows', () => {
  it('offers Free and a Pro checkout to an unpaid server of an Individual organization', () => {
    const rows = serverPlanRows(org('o1'), [agent('a', 'o1', 'unpaid'), agent('b', 'o2', 'unpaid')], false);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      planLabel: 'Unpaid',
      assigned: false,
      actions: ['assign-free', 'checkout-pro'],
    });
  });

  it('offers Pro from licenses in a Business organization, and nothing once Pro', () => {
    const business = org('o1', { subscription_status: 'paid', licenses: 2 });
    const rows = serverPlanRows(business, [agent('a', 'o1', 'free'), agent('b', 'o1', 'paid')], true);
    expect(rows.map((row) => [row.planLabel, row.assigned, row.actions])).toEqual([
      ['Free', true, ['assign-pro']],
      ['Pro', true, []],
    ]);
  });

  it('hides Free when the free slot is used; unset reads as unpaid; an unknown plan offers nothing', () => {
    const rows = serverPlanRows(org('o1'), [agent('a', 'o1', null), agent('b', 'o1', 'gold')], true);
    expect(rows.map((row) => [row.planLabel, row.actions])).toEqual([
      ['Unpaid', ['checkout-pro']],
      [null, []],
    ]);
  });
});

describe('isOwnFreeSlotUsed', () => {
  const [own, otherOwn, theirs] = [org('o1'), org('o2'), org('theirs', { role: 'admin' })];
  const mine = [own, otherOwn, theirs];
  it('counts free servers across the organizations the user owns', () => {
    expect(isOwnFreeSlotUsed(own, mine, [agent('a', 'o2', 'free')])).toBe(true);
    expect(isOwnFreeSlotUsed(own, mine, [agent('a', 'theirs', 'free')])).toBe(false);
    expect(isOwnFreeSlotUsed(own, mine, [agent('a', 'o1', 'paid')])).toBe(false);
  });
  it('leaves another owner’s slot to the server', () => {
    expect(isOwnFreeSlotUsed(theirs, mine, [agent('a', 'o1', 'free')])).toBe(false);
  });
});
