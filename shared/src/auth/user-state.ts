import { isOrganizationRole } from 'contract/rules';
import type { SubscriptionStatus, User, UserOrganization } from '../types';

/** Session storage key holding the signed-in user (spec section 3, User). */
export const USER_STATE_KEY = 'user_state';

/** The profile as GET /auth/user returns it. */
export interface UserProfileResponse {
  user_id?: unknown;
  name?: unknown;
  email?: unknown;
  image?: unknown;
  organizations?: unknown;
}

const PLANS: readonly SubscriptionStatus[] = ['free', 'paid', 'unpaid'];

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function toOrganization(raw: unknown): UserOrganization | null {
  if (raw === null || typeof raw !== 'object') return null;
  const record = raw as Record<string, unknown>;
  const id = text(record.id);
  if (!id) return null;
  const role = isOrganizationRole(record.role) ? record.role : 'admin';
  const plan = PLANS.find((candidate) => candidate === record.subscription_status) ?? 'free';
  const licenses =
    typeof record.licenses === 'number' && Number.isFinite(record.licenses) ? record.licenses : 0;
  return { id, name: text(record.name), role, subscription_status: plan, licenses };
}

/** Maps the /auth/user body to a User; null when it carries no user id. */
export function toUser(profile: UserProfileResponse | null | undefined): User | null {
  const id = text(profile?.user_id);
  if (!profile || !id) return null;
  const organizations = Array.isArray(profile.organizations)
    ? profile.organizations.map(toOrganization).filter((org): org is UserOrganization => org !== null)
    : [];
  return {
    id,
    name: text(profile.name),
    email: text(profile.email),
    image: text(profile.image) || null,
    organizations,
  };
}

export function readStoredUser(storage: Storage | undefined): User | null {
  try {
    const raw = storage?.getItem(USER_STATE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as User;
    return parsed && typeof parsed.id === 'string' && Array.isArray(parsed.organizations) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeStoredUser(storage: Storage | undefined, user: User | null): void {
  try {
    if (user) storage?.setItem(USER_STATE_KEY, JSON.stringify(user));
    else storage?.removeItem(USER_STATE_KEY);
  } catch {
    // Storage can be full or disabled (private mode); the in-memory state still works.
  }
}
