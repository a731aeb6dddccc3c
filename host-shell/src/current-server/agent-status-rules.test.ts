import { createThrottle, diffAgentStatuses, isServerUnavailable } from './agent-status-rules';

describe('diffAgentStatuses', () => {
  it('detects the selected agent going offline', () => {
    const result = diffAgentStatuses(new Map([['a', true]]), new Map([['a', false]]), 'a');
    expect(result.selectedWentOffline).toBe(true);
    expect(diffAgentStatuses(new Map([['a', false]]), new Map([['a', false]]), 'a').selectedWentOffline).toBe(
      false,
    );
    expect(diffAgentStatuses(new Map([['a', true]]), new Map(), 'a').selectedWentOffline).toBe(true);
    expect(diffAgentStatuses(new Map([['b', true]]), new Map([['b', false]]), 'a').selectedWentOffline).toBe(
      false,
    );
  });

  it('lists agents that newly came online, but not on the first poll', () => {
    const previous = new Map([
      ['a', false],
      ['b', true],
    ]);
    const next = new Map([
      ['a', true],
      ['b', true],
      ['c', true],
    ]);
    expect(diffAgentStatuses(previous, next, null).newlyOnline).toEqual(['a', 'c']);
    expect(diffAgentStatuses(null, next, null).newlyOnline).toEqual([]);
  });
});

describe('createThrottle', () => {
  it('runs at most once per interval', () => {
    let now = 0;
    const throttle = createThrottle(1000, () => now);
    const action = jest.fn();
    expect(throttle(action)).toBe(true);
    now = 999;
    expect(throttle(action)).toBe(false);
    now = 1000;
    expect(throttle(action)).toBe(true);
    expect(action).toHaveBeenCalledTimes(2);
  });
});

describe('isServerUnavailable', () => {
  it('is unavailable with no server, offline, unpaid, unset or unknown plans', () => {
    expect(isServerUnavailable(null, true)).toBe(true);
    expect(isServerUnavailable({ subscription_status: 'free' }, false)).toBe(true);
    expect(isServerUnavailable({ subscription_status: 'unpaid' }, true)).toBe(true);
    expect(isServerUnavailable({ subscription_status: null }, true)).toBe(true);
    expect(isServerUnavailable({ subscription_status: 'weird' }, true)).toBe(true);
    expect(isServerUnavailable({ subscription_status: 'free' }, true)).toBe(false);
    expect(isServerUnavailable({ subscription_status: 'paid' }, true)).toBe(false);
  });
});
