import type { Agent, User } from 'shared';

/** Session storage key of the desktop sidebar's open flag (spec section 4, Sidebar). */
export const MENU_STATE_KEY = 'menu_state';
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
const SHARED_SERVERS_GROUP = 'Shared Servers';

/** Defaults to open; only an explicit 'false' closes it. */
export function readMenuState(storage: Storage | undefined): boolean {
  try {
    return storage?.getItem(MENU_STATE_KEY) !== 'false';
  } catch {
    return true;
  }
}

export function writeMenuState(storage: Storage | undefined, open: boolean): void {
  try {
    storage?.setItem(MENU_STATE_KEY, String(open));
  } catch {
    // Storage may be disabled; the in-memory flag still works.
  }
}

/** Meta or ctrl plus b (any case) toggles the sidebar. */
export function isSidebarShortcut(event: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey'>): boolean {
  return event.key.toLowerCase() === 'b' && (event.metaKey || event.ctrlKey);
}

export interface ServerGroup {
  key: string;
  label: string;
  agents: Agent[];
}

/**
 * Servers grouped by the user's organizations (in the user's order), then a 'Shared Servers'
 * group for servers of organizations the user does not belong to. Empty groups are left out.
 */
export function groupServersByOrganization(agents: readonly Agent[], user: User | null): ServerGroup[] {
  const organizations = user?.organizations ?? [];
  const known = new Set(organizations.map((org) => org.id));
  const groups: ServerGroup[] = organizations.map((org) => ({
    key: org.id,
    label: org.name,
    agents: agents.filter((agent) => agent.organization_id === org.id),
  }));
  groups.push({
    key: 'shared',
    label: SHARED_SERVERS_GROUP,
    agents: agents.filter((agent) => !known.has(agent.organization_id)),
  });
  return groups.filter((group) => group.agents.length > 0);
}

/** Up to two initials for the avatar fallback: 'Ada Lovelace' → 'AL', 'ada@x.io' → 'A'. */
export function initialsOf(name: string | null | undefined, email?: string | null): string {
  const source = (name ?? '').trim() || (email ?? '').trim();
  if (!source) return '?';
  const words = source.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : [words[0]];
  return letters.map((word) => (word ?? '').charAt(0).toUpperCase()).join('');
}

/** How the user menu names the signed-in user: name, else email. */
export function signedInName(user: Pick<User, 'name' | 'email'> | null): string {
  return user?.name || user?.email || 'Signed in';
}
