import type { RemoteReleases } from './manifest';
import { rolloutBucket, selectRemoteVersion, stableHash } from './rollout';

const releases = (overrides: Partial<RemoteReleases> = {}): RemoteReleases => ({
  stable: '1.0.0',
  history: ['0.9.0', '1.0.0'],
  rollouts: [{ version: '1.4.0', percent: 10, orgs: ['org-early'] }],
  versions: {
    '0.9.0': { entry: '/remotes/mfe-catalog/0.9.0/remoteEntry.js' },
    '1.0.0': { entry: '/remotes/mfe-catalog/1.0.0/remoteEntry.js' },
    '1.4.0': { entry: '/remotes/mfe-catalog/1.4.0/remoteEntry.js' },
  },
  ...overrides,
});
const users = Array.from({ length: 10_000 }, (_, index) => `user:${index}`);
const identity = (userKey: string, organizationIds: string[] = []) => ({ userKey, organizationIds });

describe('selectRemoteVersion', () => {
  it('gives the candidate to about the configured share of users', () => {
    const onCandidate = users.filter(
      (user) => selectRemoteVersion('mfe-catalog', releases(), identity(user)).version === '1.4.0',
    );
    expect(onCandidate.length / users.length).toBeGreaterThan(0.085);
    expect(onCandidate.length / users.length).toBeLessThan(0.115);
  });

  it('is deterministic per user and grows monotonically with the percentage', () => {
    const at10 = users.filter(
      (user) => selectRemoteVersion('mfe-catalog', releases(), identity(user)).version === '1.4.0',
    );
    const again = users.filter(
      (user) => selectRemoteVersion('mfe-catalog', releases(), identity(user)).version === '1.4.0',
    );
    const wider = releases({ rollouts: [{ version: '1.4.0', percent: 50, orgs: [] }] });
    const at50 = new Set(
      users.filter((user) => selectRemoteVersion('mfe-catalog', wider, identity(user)).version === '1.4.0'),
    );
    expect(again).toEqual(at10);
    expect(at10.every((user) => at50.has(user))).toBe(true);
    expect(at50.size / users.length).toBeGreaterThan(0.47);
    expect(at50.size / users.length).toBeLessThan(0.53);
  });

  it('moves everyone at 0 % and 100 %', () => {
    const none = releases({ rollouts: [{ version: '1.4.0', percent: 0, orgs: [] }] });
    const all = releases({ rollouts: [{ version: '1.4.0', percent: 100, orgs: [] }] });
    expect(
      users.some((user) => selectRemoteVersion('mfe-catalog', none, identity(user)).version !== '1.0.0'),
    ).toBe(false);
    expect(
      users.every((user) => selectRemoteVersion('mfe-catalog', all, identity(user)).version === '1.4.0'),
    ).toBe(true);
  });

  it('gives explicit organizations the candidate whatever their bucket', () => {
    const outside = users.find(
      (user) => selectRemoteVersion('mfe-catalog', releases(), identity(user)).version === '1.0.0',
    )!;
    expect(
      selectRemoteVersion('mfe-catalog', releases(), identity(outside, ['org-other', 'org-early'])),
    ).toMatchObject({
      version: '1.4.0',
      reason: 'organization',
    });
  });

  it('honours a query override of a released version only', () => {
    expect(selectRemoteVersion('mfe-catalog', releases(), identity('user:1'), '0.9.0')).toMatchObject({
      version: '0.9.0',
      reason: 'override',
    });
    expect(selectRemoteVersion('mfe-catalog', releases(), identity('user:1'), '7.7.7').reason).not.toBe(
      'override',
    );
  });

  it('falls back to the stable version, then to older stable versions', () => {
    const outside = users.find((user) => rolloutBucket('mfe-catalog', user) >= 10)!;
    expect(
      selectRemoteVersion('mfe-catalog', releases(), identity(outside, ['org-early'])).fallbacks,
    ).toEqual(['1.0.0', '0.9.0']);
    expect(selectRemoteVersion('mfe-catalog', releases(), identity(outside))).toEqual({
      version: '1.0.0',
      reason: 'stable',
      fallbacks: ['0.9.0'],
    });
  });

  it('buckets remotes independently with a stable hash', () => {
    expect(stableHash('abc')).toBe(stableHash('abc'));
    expect(stableHash('abc')).toBe(0x1a47e90b);
    const differs = users
      .slice(0, 200)
      .some((user) => rolloutBucket('mfe-catalog', user) !== rolloutBucket('mfe-apps', user));
    expect(differs).toBe(true);
  });
});
