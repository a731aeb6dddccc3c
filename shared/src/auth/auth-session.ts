import type { User, UserOrganization } from '../types';
import { INVALID_TOKEN_MESSAGE, type AuthTransport, type RefreshOutcome } from './auth-transport';
import { isTokenExpired } from './token';
import { readStoredUser, writeStoredUser } from './user-state';

/** Spec section 4, Authentication. */
export type AuthStatus = 'unknown' | 'authenticated' | 'signed-out';

export interface AuthSnapshot {
  status: AuthStatus;
  user: User | null;
}

/** Everything the state machine touches outside itself, injected so tests control it. */
export interface AuthEnvironment {
  transport: AuthTransport;
  readToken(): string | undefined;
  clearToken(): void;
  now(): number;
  sessionStorage?: Storage;
  localStorage?: Storage;
  /** Full page navigation after logout (to '/'). */
  navigate(path: string): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  logger?: Pick<Console, 'warn' | 'error'>;
}

/** Spec section 9: the check repeats every 60 s while authenticated. */
export const AUTH_RECHECK_INTERVAL_MS = 60_000;

type Listener = (snapshot: AuthSnapshot) => void;

function isInvalidToken(error: unknown): boolean {
  return error instanceof Error && error.message.includes(INVALID_TOKEN_MESSAGE);
}

/**
 * The authentication state machine, free of any framework: unknown → authenticated | signed-out.
 * A valid access_token cookie means authenticated; a missing or expired one triggers a refresh,
 * then a profile fetch. Concurrent checks, refreshes and profile fetches share one promise.
 */
export class AuthSession {
  private snapshot: AuthSnapshot;
  private readonly listeners = new Set<Listener>();
  private checkInFlight: Promise<boolean> | null = null;
  private refreshInFlight: Promise<boolean> | null = null;
  private profileInFlight: Promise<User | null> | null = null;
  private recheckTimer: unknown = null;
  /** The stored user is a start value: each page load reads the profile once (plans change elsewhere). */
  private profileRead = false;

  constructor(private readonly env: AuthEnvironment) {
    this.snapshot = { status: 'unknown', user: readStoredUser(env.sessionStorage) };
  }

  getSnapshot = (): AuthSnapshot => this.snapshot;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** True when the cookie holds a token that has not expired yet. */
  hasValidToken(): boolean {
    const token = this.env.readToken();
    return Boolean(token) && !isTokenExpired(token as string, this.env.now());
  }

  /** Runs the check (de-duplicated); resolves true when authenticated afterwards. */
  check(): Promise<boolean> {
    this.checkInFlight ??= this.runCheck().finally(() => {
      this.checkInFlight = null;
    });
    return this.checkInFlight;
  }

  /**
   * The API client's gate. A valid cookie answers at once (the check, and its profile fetch, run
   * beside the call instead of in front of it); otherwise a full check with a refresh.
   */
  ensureAuthenticated = async (): Promise<boolean> => {
    if (this.hasValidToken()) {
      if (this.snapshot.status !== 'authenticated') void this.check();
      return true;
    }
    return this.check();
  };

  /** Logout: clears storage and state even when the call fails, then goes to '/'. */
  async logout(): Promise<void> {
    try {
      await this.env.transport.logout();
    } catch (error) {
      this.env.logger?.error('Logout failed', error);
    }
    try {
      this.env.localStorage?.clear();
      this.env.sessionStorage?.clear();
    } catch {
      // Storage may be unavailable; the state below is still cleared.
    }
    this.env.clearToken();
    this.signOut();
    this.env.navigate('/');
  }

  /** Reads the profile again while signed in (another tab changed a plan); no-op otherwise. */
  async reloadProfile(): Promise<void> {
    if (this.snapshot.status !== 'authenticated') return;
    await this.loadProfile();
  }

  /** Sets or clears the user (kept in session storage under user_state). */
  setUser(user: User | null): void {
    writeStoredUser(this.env.sessionStorage, user);
    this.update({ ...this.snapshot, user });
  }

  /** Adds an organization created by the user, or replaces one with the same id. */
  upsertOrganization(organization: UserOrganization): void {
    const user = this.snapshot.user;
    if (!user) return;
    const others = user.organizations.filter((org) => org.id !== organization.id);
    this.setUser({ ...user, organizations: [...others, organization] });
  }

  removeOrganization(organizationId: string): void {
    const user = this.snapshot.user;
    if (!user) return;
    this.setUser({ ...user, organizations: user.organizations.filter((org) => org.id !== organizationId) });
  }

  /** Stops the 60 s re-check (on unmount). */
  dispose(): void {
    this.stopRecheck();
  }

  private async runCheck(): Promise<boolean> {
    try {
      const refreshed = !this.hasValidToken();
      if (refreshed && !(await this.refresh())) return false;
      // A valid cookie means authenticated at once; the profile follows without holding the page.
      this.markAuthenticated(this.snapshot.user);
      // A new session or a new page load reads the profile afresh: organizations and plans may have
      // changed since the stored copy (a checkout in another tab). Later checks keep the user.
      if (refreshed || !this.snapshot.user || !this.profileRead) await this.loadProfile();
      return this.snapshot.status === 'authenticated';
    } catch (error) {
      if (isInvalidToken(error)) {
        this.env.clearToken();
      } else {
        this.env.logger?.error('Authentication check failed', error);
      }
      this.signOut();
      return false;
    }
  }

  /** De-duplicated refresh; true only when it succeeded and left a cookie behind. */
  private refresh(): Promise<boolean> {
    this.refreshInFlight ??= this.runRefresh().finally(() => {
      this.refreshInFlight = null;
    });
    return this.refreshInFlight;
  }

  private async runRefresh(): Promise<boolean> {
    let outcome: RefreshOutcome | 'rejected-network';
    try {
      outcome = await this.env.transport.refresh();
    } catch (error) {
      if (isInvalidToken(error)) throw error;
      this.env.logger?.error('Session refresh failed', error);
      outcome = 'rejected-network';
    }
    if (outcome === 'failed') this.env.logger?.error('Session refresh failed');
    // A 401 means the session is gone server-side: the stale cookie goes too.
    if (outcome === 'unauthorized') this.env.clearToken();
    if (outcome !== 'ok' || !this.env.readToken()) {
      this.signOut();
      return false;
    }
    return true;
  }

  /** De-duplicated profile fetch; a failure logs a warning and continues without a user. */
  private loadProfile(): Promise<User | null> {
    this.profileInFlight ??= this.fetchProfile().finally(() => {
      this.profileInFlight = null;
    });
    return this.profileInFlight;
  }

  private async fetchProfile(): Promise<User | null> {
    let user: User | null = null;
    try {
      user = await this.env.transport.fetchUser();
    } catch (error) {
      if (isInvalidToken(error)) throw error;
      this.env.logger?.warn('Failed to fetch the user profile', error);
    }
    if (!user) this.env.logger?.warn('No user profile; continuing without a user');
    this.profileRead = true;
    writeStoredUser(this.env.sessionStorage, user);
    this.markAuthenticated(user);
    return user;
  }

  private markAuthenticated(user: User | null): void {
    this.update({ status: 'authenticated', user });
    this.startRecheck();
  }

  private signOut(): void {
    writeStoredUser(this.env.sessionStorage, null);
    this.stopRecheck();
    this.update({ status: 'signed-out', user: null });
  }

  private startRecheck(): void {
    if (this.recheckTimer !== null) return;
    this.recheckTimer = this.env.setInterval(() => {
      void this.check();
    }, AUTH_RECHECK_INTERVAL_MS);
  }

  private stopRecheck(): void {
    if (this.recheckTimer === null) return;
    this.env.clearInterval(this.recheckTimer);
    this.recheckTimer = null;
  }

  private update(next: AuthSnapshot): void {
    if (next.status === this.snapshot.status && next.user === this.snapshot.user) return;
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener(next);
  }
}
