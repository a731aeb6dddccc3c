/** Test-only: an AuthSession with a scripted transport, no timers and an optional user. */
import { AuthSession, type AuthTransport, type User } from 'shared';

export function createTestAuthSession(
  options: { user?: User; transport?: Partial<AuthTransport>; token?: string } = {},
): AuthSession {
  const session = new AuthSession({
    transport: {
      refresh: async () => 'unauthorized',
      fetchUser: async () => null,
      logout: async () => undefined,
      ...options.transport,
    },
    readToken: () => options.token,
    clearToken: () => undefined,
    now: () => Date.now(),
    navigate: () => undefined,
    setInterval: () => 0,
    clearInterval: () => undefined,
  });
  if (options.user) session.setUser(options.user);
  return session;
}
