import { currentRolloutIdentity, versionOverride, VISITOR_ID_KEY } from './rollout-identity';

describe('rollout identity', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('uses the signed-in user and their organizations from user_state', () => {
    sessionStorage.setItem(
      'user_state',
      JSON.stringify({ id: 'u-1', organizations: [{ id: 'o-1' }, { id: 'o-2' }] }),
    );
    expect(currentRolloutIdentity()).toEqual({ userKey: 'user:u-1', organizationIds: ['o-1', 'o-2'] });
  });

  it('gives an anonymous visitor a stable id kept in localStorage', () => {
    sessionStorage.setItem('user_state', 'not json');
    const first = currentRolloutIdentity();
    expect(first.userKey).toMatch(/^visitor:/);
    expect(currentRolloutIdentity()).toEqual(first);
    expect(first.userKey).toBe(`visitor:${localStorage.getItem(VISITOR_ID_KEY)}`);
  });

  it('reads ?mfe.catalog=… before the hash or in the hash route query', () => {
    expect(versionOverride('mfe-catalog', { search: '?mfe.catalog=1.4.0', hash: '#/catalog' })).toBe('1.4.0');
    expect(versionOverride('mfe-catalog', { search: '', hash: '#/catalog?mfe.catalog=1.2.0' })).toBe('1.2.0');
    expect(versionOverride('mfe-apps', { search: '?mfe.catalog=1.4.0', hash: '#/' })).toBeNull();
  });
});
