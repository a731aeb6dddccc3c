import { readCookie } from '../api/cookies';
import { eventBus } from '../events/event-bus';
import { queryClient } from '../query/queryClient';
import { AuthSession } from './auth-session';
import { createHttpAuthTransport } from './auth-transport';
import { ACCESS_TOKEN_COOKIE, clearAccessTokenCookie } from './token';

let browserSession: AuthSession | null = null;

function safeStorage(name: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window[name];
  } catch {
    return undefined;
  }
}

/** The page's one auth session (shared is a singleton, so host and remotes see the same one). */
export function getBrowserAuthSession(): AuthSession {
  browserSession ??= new AuthSession({
    transport: createHttpAuthTransport(),
    readToken: () => readCookie(ACCESS_TOKEN_COOKIE),
    clearToken: clearAccessTokenCookie,
    now: () => Date.now(),
    sessionStorage: safeStorage('sessionStorage'),
    localStorage: safeStorage('localStorage'),
    navigate: (path) => window.location.assign(path),
    setInterval: (callback, ms) => window.setInterval(callback, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
    logger: console,
  });
  announceSignOut(browserSession);
  return browserSession;
}

/** Leaving the signed-in state drops every cached query and tells the remotes. */
function announceSignOut(session: AuthSession): void {
  let previous = session.getSnapshot().status;
  session.subscribe(({ status }) => {
    if (status === 'signed-out' && previous !== 'signed-out') {
      queryClient.clear();
      eventBus.publish('auth:signed-out', {});
    }
    previous = status;
  });
}
