import type { RolloutIdentity } from './rollout';
import { overrideParamOf } from './remotes';

/** localStorage key of the anonymous visitor id (kept so a visitor always lands in the same bucket). */
export const VISITOR_ID_KEY = 'dockhand_visitor_id';
/** Session storage key of the signed-in user (spec section 3). */
const USER_STATE_KEY = 'user_state';

function randomId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

interface StoredUserShape {
  id?: unknown;
  user_id?: unknown;
  organizations?: unknown;
  user?: StoredUserShape;
}

/** Reads the signed-in user from user_state; tolerant of the wrapper shape, never throws. */
function readStoredUser(storage: Storage): { id: string; organizationIds: string[] } | null {
  try {
    const parsed = JSON.parse(storage.getItem(USER_STATE_KEY) ?? 'null') as StoredUserShape | null;
    const user = parsed?.user ?? parsed;
    const id = user?.id ?? user?.user_id;
    if (typeof id !== 'string' || id === '') return null;
    const organizations = Array.isArray(user?.organizations)
      ? (user.organizations as { id?: unknown }[])
      : [];
    return {
      id,
      organizationIds: organizations
        .map((org) => org?.id)
        .filter((orgId): orgId is string => typeof orgId === 'string'),
    };
  } catch {
    return null;
  }
}

function visitorId(storage: Storage): string {
  const existing = storage.getItem(VISITOR_ID_KEY);
  if (existing) return existing;
  const created = randomId();
  storage.setItem(VISITOR_ID_KEY, created);
  return created;
}

/** The signed-in user when known, else this browser's stable anonymous id. */
export function currentRolloutIdentity(
  session: Storage = sessionStorage,
  local: Storage = localStorage,
): RolloutIdentity {
  const user = readStoredUser(session);
  if (user) return { userKey: `user:${user.id}`, organizationIds: user.organizationIds };
  return { userKey: `visitor:${visitorId(local)}`, organizationIds: [] };
}

/** `?mfe.catalog=1.4.0`, before the hash or inside the hash route's query. */
export function versionOverride(
  remote: string,
  location: Pick<Location, 'search' | 'hash'> = window.location,
): string | null {
  const param = overrideParamOf(remote);
  const hashQuery = location.hash.includes('?') ? location.hash.slice(location.hash.indexOf('?')) : '';
  return new URLSearchParams(location.search).get(param) ?? new URLSearchParams(hashQuery).get(param);
}
