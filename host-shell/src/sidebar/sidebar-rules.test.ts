import type { Agent, User } from 'shared';
import {
  MENU_STATE_KEY,
  groupServersByOrganization,
  initialsOf,
  isSidebarShortcut,
  readMenuState,
  writeMenuState,
} from './sidebar-rules';

const agent = (id: string, organization_id: string): Agent => ({
  id,
  name: id,
  certificate: '',
  last_seen: null,
  organization_id,
  capabilities: [],
  features: [],
});

const user: User = {
  id: 'u',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  image: null,
  organizations: [
    { id: 'o1', name: 'Acme', role: 'owner', subscription_status: 'free', licenses: 0 },
    { id: 'o2', name: 'Empty', role: 'admin', subscription_status: 'paid', licenses: 1 },
    { id: 'o3', name: 'Beta', role: 'admin', subscription_status: 'paid', licenses: 1 },
  ],
};

describe('groupServersByOrganization', () => {
  it('groups by the user organizations and puts the rest under Shared Servers', () => {
    const groups = groupServersByOrganization(
      [agent('s1', 'o3'), agent('s2', 'o1'), agent('s3', 'foreign')],
      user,
    );
    expect(groups.map((group) => [group.label, group.agents.map((a) => a.id)])).toEqual([
      ['Acme', ['s2']],
      ['Beta', ['s1']],
      ['Shared Servers', ['s3']],
    ]);
  });

  it('puts everything under Shared Servers without a user and returns nothing without servers', () => {
    expect(groupServersByOrganization([agent('s1', 'o1')], null).map((group) => group.label)).toEqual([
      'Shared Servers',
    ]);
    expect(groupServersByOrganization([], user)).toEqual([]);
  });
});

describe('menu state', () => {
  it('defaults to open and remembers the flag in session storage', () => {
    sessionStorage.clear();
    expect(readMenuState(sessionStorage)).toBe(true);
    writeMenuState(sessionStorage, false);
    expect(sessionStorage.getItem(MENU_STATE_KEY)).toBe('false');
    expect(readMenuState(sessionStorage)).toBe(false);
    writeMenuState(sessionStorage, true);
    expect(readMenuState(sessionStorage)).toBe(true);
  });
});

describe('isSidebarShortcut', () => {
  it('matches meta+b and ctrl+b only', () => {
    expect(isSidebarShortcut({ key: 'b', metaKey: true, ctrlKey: false })).toBe(true);
    expect(isSidebarShortcut({ key: 'B', metaKey: false, ctrlKey: true })).toBe(true);
    expect(isSidebarShortcut({ key: 'b', metaKey: false, ctrlKey: false })).toBe(false);
    expect(isSidebarShortcut({ key: 'n', metaKey: true, ctrlKey: false })).toBe(false);
  });
});

describe('initialsOf', () => {
  it('takes the first and last initials, else the email, else ?', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('ada king lovelace')).toBe('AL');
    expect(initialsOf('Plato')).toBe('P');
    expect(initialsOf('', 'zed@example.com')).toBe('Z');
    expect(initialsOf(null)).toBe('?');
  });
});
