/** Test-only helpers for the auth state machine. */
import type { User } from '../types';
import type { AuthEnvironment, AuthSession } from './auth-session';
import type { AuthTransport, RefreshOutcome } from './auth-transport';

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function makeToken(payload: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256' }))}.${base64Url(JSON.stringify(payload))}.signature`;
}

export const sampleUser: User = {
  id: 'user-1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  image: null,
  organizations: [{ id: 'org-1', name: 'Acme', role: 'owner', subscription_status: 'free', licenses: 0 }],
};

/** A controllable fake world: cookie jar, clock, timers, storage and a scripted transport. */
export class FakeAuthWorld {
  cookie: string | undefined;
  nowMs = Date.UTC(2026, 10, 22, 12, 0, 0);
  readonly session = new MemoryStorage();
  readonly local = new MemoryStorage();
  readonly navigations: string[] = [];
  readonly timers = new Map<number, () => void>();
  readonly calls = { refresh: 0, fetchUser: 0, logout: 0 };
  refreshImpl: () => Promise<RefreshOutcome> = async () => 'failed';
  fetchUserImpl: () => Promise<User | null> = async () => sampleUser;
  logoutImpl: () => Promise<void> = async () => undefined;
  private nextTimer = 1;

  validToken(secondsLeft = 600): string {
    return makeToken({ sub: 'user-1', exp: Math.floor(this.nowMs / 1000) + secondsLeft });
  }

  readonly transport: AuthTransport = {
    refresh: () => {
      this.calls.refresh += 1;
      return this.refreshImpl();
    },
    fetchUser: () => {
      this.calls.fetchUser += 1;
      return this.fetchUserImpl();
    },
    logout: () => {
      this.calls.logout += 1;
      return this.logoutImpl();
    },
  };

  readonly logger = { warn: jest.fn(), error: jest.fn() };

  environment(): AuthEnvironment {
    return {
      transport: this.transport,
      readToken: () => this.cookie,
      clearToken: () => {
        this.cookie = undefined;
      },
      now: () => this.nowMs,
      sessionStorage: this.session,
      localStorage: this.local,
      navigate: (path) => this.navigations.push(path),
      setInterval: (callback) => {
        const id = this.nextTimer++;
        this.timers.set(id, callback);
        return id;
      },
      clearInterval: (handle) => {
        this.timers.delete(handle as number);
      },
      logger: this.logger,
    };
  }

  /** Fires every interval once, like 60 s passing. */
  async tick(session: AuthSession): Promise<void> {
    for (const callback of [...this.timers.values()]) callback();
    await session.check();
  }
}

export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}
