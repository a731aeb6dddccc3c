import { resolveApiUrl } from '../api/client';
import { readCookie } from '../api/cookies';
import type { User } from '../types';
import { ACCESS_TOKEN_COOKIE } from './token';
import { toUser, type UserProfileResponse } from './user-state';

export type RefreshOutcome = 'ok' | 'unauthorized' | 'failed';

/** The three auth calls of spec section 7, behind an interface so the state machine is testable. */
export interface AuthTransport {
  /** POST /auth/refresh: OK means success; 401 means the session is gone. */
  refresh(): Promise<RefreshOutcome>;
  /** GET /auth/user: the profile, or null on a non-OK answer. Throws InvalidTokenError on 'Invalid token'. */
  fetchUser(): Promise<User | null>;
  /** GET /auth/logout. */
  logout(): Promise<void>;
}

export const INVALID_TOKEN_MESSAGE = 'Invalid token';

/** The server said the token is invalid: the state machine then clears the cookie and the user. */
export class InvalidTokenError extends Error {
  constructor() {
    super(INVALID_TOKEN_MESSAGE);
    this.name = 'InvalidTokenError';
  }
}

function authHeaders(): Record<string, string> {
  const token = readCookie(ACCESS_TOKEN_COOKIE);
  return token
    ? { Accept: 'application/json', Authorization: `Bearer ${token}` }
    : { Accept: 'application/json' };
}

async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await response.json();
    return body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Accepts the profile either bare or inside the `{success, message, data}` envelope. */
function profileOf(body: Record<string, unknown> | null): UserProfileResponse | null {
  if (!body) return null;
  const data = body.data;
  if (data !== null && typeof data === 'object' && 'user_id' in data) return data as UserProfileResponse;
  return body as UserProfileResponse;
}

export function createHttpAuthTransport(
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): AuthTransport {
  return {
    async refresh() {
      const response = await fetchImpl(resolveApiUrl('/auth/refresh'), {
        method: 'POST',
        credentials: 'include',
      });
      if (response.ok) return 'ok';
      return response.status === 401 ? 'unauthorized' : 'failed';
    },
    async fetchUser() {
      const response = await fetchImpl(resolveApiUrl('/auth/user'), {
        credentials: 'include',
        headers: authHeaders(),
      });
      const body = await readJson(response);
      if (!response.ok) {
        if (typeof body?.message === 'string' && body.message.includes(INVALID_TOKEN_MESSAGE))
          throw new InvalidTokenError();
        return null;
      }
      return toUser(profileOf(body));
    },
    async logout() {
      const response = await fetchImpl(resolveApiUrl('/auth/logout'), {
        credentials: 'include',
        headers: authHeaders(),
      });
      if (!response.ok) throw new Error(`Logout failed: ${response.status} ${response.statusText}`.trim());
    },
  };
}
