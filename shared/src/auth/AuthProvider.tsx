import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { CurrentUserContext, type CurrentUserValue } from '../context/CurrentUserContext';
import type { User, UserOrganization } from '../types';
import type { AuthSession, AuthStatus } from './auth-session';
import { getBrowserAuthSession } from './browser-auth';

const AuthContext = createContext<AuthSession | null>(null);

export interface AuthProviderProps {
  /** Defaults to the page's one browser session; tests pass their own. */
  session?: AuthSession;
  children: ReactNode;
}

/**
 * Mounted once by the host (and by a remote's standalone harness); remotes only call the hooks.
 * It also provides `CurrentUserContext`, so remotes read the user with `useCurrentUser()`.
 */
export function AuthProvider({ session, children }: AuthProviderProps) {
  const value = useMemo(() => session ?? getBrowserAuthSession(), [session]);
  const snapshot = useSyncExternalStore(value.subscribe, value.getSnapshot, value.getSnapshot);
  const currentUser = useMemo<CurrentUserValue>(
    () => ({
      user: snapshot.user,
      setUser: (user) => value.setUser(user),
      removeOrganization: (organizationId) => value.removeOrganization(organizationId),
    }),
    [value, snapshot.user],
  );
  return (
    <AuthContext.Provider value={value}>
      <CurrentUserContext.Provider value={currentUser}>{children}</CurrentUserContext.Provider>
    </AuthContext.Provider>
  );
}

export interface AuthState {
  status: AuthStatus;
  user: User | null;
  /** Runs the authentication check (de-duplicated). */
  check(): Promise<boolean>;
  /** Reads the profile again (organizations and plans changed elsewhere). */
  reloadProfile(): Promise<void>;
  logout(): Promise<void>;
  setUser(user: User | null): void;
  upsertOrganization(organization: UserOrganization): void;
  removeOrganization(organizationId: string): void;
}

/** The signed-in state and its actions. Throws outside AuthProvider (spec section 8). */
export function useAuth(): AuthState {
  const session = useContext(AuthContext);
  if (!session) throw new Error('useAuth must be used within an AuthProvider');
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
  return useMemo(
    () => ({
      status: snapshot.status,
      user: snapshot.user,
      check: () => session.check(),
      reloadProfile: () => session.reloadProfile(),
      logout: () => session.logout(),
      setUser: (user) => session.setUser(user),
      upsertOrganization: (organization) => session.upsertOrganization(organization),
      removeOrganization: (organizationId) => session.removeOrganization(organizationId),
    }),
    [session, snapshot],
  );
}
