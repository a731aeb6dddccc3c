import { AuthSession, AUTH_RECHECK_INTERVAL_MS } from './auth-session';
import { InvalidTokenError } from './auth-transport';
import { FakeAuthWorld, sampleUser } from './test-helpers';
import { USER_STATE_KEY } from './user-state';

function setup(configure: (world: FakeAuthWorld) => void = () => undefined) {
  const world = new FakeAuthWorld();
  configure(world);
  const session = new AuthSession(world.environment());
  return { world, session };
}

describe('AuthSession check', () => {
  it('starts unknown', () => {
    const { session } = setup();
    expect(session.getSnapshot()).toEqual({ status: 'unknown', user: null });
  });

  it('is authenticated with a valid cookie and fetches the profile once', async () => {
    const { world, session } = setup((w) => {
      w.cookie = w.validToken();
    });
    await expect(session.check()).resolves.toBe(true);
    expect(session.getSnapshot()).toEqual({ status: 'authenticated', user: sampleUser });
    expect(world.calls).toEqual({ refresh: 0, fetchUser: 1, logout: 0 });
    expect(JSON.parse(world.session.getItem(USER_STATE_KEY) as string)).toEqual(sampleUser);
    await session.check();
    expect(world.calls.fetchUser).toBe(1);
  });

  it('is authenticated as soon as the cookie is valid, before the profile arrives', async () => {
    let releaseProfile: () => void = () => undefined;
    const { session } = setup((w) => {
      w.cookie = w.validToken();
      w.fetchUserImpl = () =>
        new Promise((resolve) => {
          releaseProfile = () => resolve(sampleUser);
        });
    });
    const checking = session.check();
    await Promise.resolve();
    expect(session.getSnapshot()).toEqual({ status: 'authenticated', user: null });
    releaseProfile();
    await checking;
    expect(session.getSnapshot().user).toEqual(sampleUser);
  });

  it('shows the stored user at once, then reads the profile once per page load (plans change elsewhere)', async () => {
    const business = {
      ...sampleUser,
      organizations: sampleUser.organizations.map((org) => ({
        ...org,
        subscription_status: 'paid' as const,
      })),
    };
    const { world, session } = setup((w) => {
      w.cookie = w.validToken();
      w.session.setItem(USER_STATE_KEY, JSON.stringify(sampleUser));
      w.fetchUserImpl = async () => business;
    });
    expect(session.getSnapshot().user).toEqual(sampleUser);
    await session.check();
    expect(session.getSnapshot()).toEqual({ status: 'authenticated', user: business });
    expect(JSON.parse(world.session.getItem(USER_STATE_KEY) as string)).toEqual(business);
    await session.check();
    expect(world.calls.fetchUser).toBe(1);
  });

  it('reloadProfile reads the profile again while signed in, and does nothing when signed out', async () => {
    const { world, session } = setup((w) => {
      w.cookie = w.validToken();
    });
    await session.reloadProfile();
    expect(world.calls.fetchUser).toBe(0);
    await session.check();
    await session.reloadProfile();
    expect(world.calls.fetchUser).toBe(2);
  });

  it('refreshes when the cookie is missing, then fetches the profile', async () => {
    const { world, session } = setup((w) => {
      w.refreshImpl = async () => {
        w.cookie = w.validToken();
        return 'ok';
      };
    });
    await expect(session.check()).resolves.toBe(true);
    expect(world.calls).toEqual({ refresh: 1, fetchUser: 1, logout: 0 });
    expect(session.getSnapshot().user).toEqual(sampleUser);
  });

  it('after a refresh fetches the profile again, replacing the stored user', async () => {
    const renamed = { ...sampleUser, name: 'Renamed Since' };
    const { world, session } = setup((w) => {
      w.session.setItem(USER_STATE_KEY, JSON.stringify(sampleUser));
      w.fetchUserImpl = async () => renamed;
      w.refreshImpl = async () => {
        w.cookie = w.validToken();
        return 'ok';
      };
    });
    await expect(session.check()).resolves.toBe(true);
    expect(world.calls).toEqual({ refresh: 1, fetchUser: 1, logout: 0 });
    expect(session.getSnapshot()).toEqual({ status: 'authenticated', user: renamed });
  });

  it('refreshes when the cookie is expired or undecodable', async () => {
    for (const stale of ['not-a-jwt', new FakeAuthWorld().validToken(-5)]) {
      const { world, session } = setup((w) => {
        w.cookie = stale;
        w.refreshImpl = async () => {
          w.cookie = w.validToken();
          return 'ok';
        };
      });
      await session.check();
      expect(world.calls.refresh).toBe(1);
      expect(session.getSnapshot().status).toBe('authenticated');
    }
  });

  it('signs out when the refresh fails, logging an error and clearing the user', async () => {
    const { world, session } = setup((w) => {
      w.session.setItem(USER_STATE_KEY, JSON.stringify(sampleUser));
      w.refreshImpl = async () => 'failed';
    });
    await expect(session.check()).resolves.toBe(false);
    expect(session.getSnapshot()).toEqual({ status: 'signed-out', user: null });
    expect(world.session.getItem(USER_STATE_KEY)).toBeNull();
    expect(world.logger.error).toHaveBeenCalled();
    expect(world.calls.fetchUser).toBe(0);
  });

  it('signs out when the refresh call throws (network down)', async () => {
    const { session } = setup((w) => {
      w.refreshImpl = async () => {
        throw new TypeError('Failed to fetch');
      };
    });
    await expect(session.check()).resolves.toBe(false);
    expect(session.getSnapshot().status).toBe('signed-out');
  });

  it('clears the cookie and the user on a 401 refresh', async () => {
    const { world, session } = setup((w) => {
      w.cookie = w.validToken(-60);
      w.refreshImpl = async () => 'unauthorized';
    });
    await session.check();
    expect(world.cookie).toBeUndefined();
    expect(session.getSnapshot()).toEqual({ status: 'signed-out', user: null });
  });

  it('treats a successful refresh that left no cookie as signed out', async () => {
    const { world, session } = setup((w) => {
      w.refreshImpl = async () => 'ok';
    });
    await expect(session.check()).resolves.toBe(false);
    expect(world.calls.fetchUser).toBe(0);
  });

  it('continues without a user when the profile fetch fails, with a warning', async () => {
    const { world, session } = setup((w) => {
      w.cookie = w.validToken();
      w.fetchUserImpl = async () => {
        throw new Error('boom');
      };
    });
    await expect(session.check()).resolves.toBe(true);
    expect(session.getSnapshot()).toEqual({ status: 'authenticated', user: null });
    expect(world.logger.warn).toHaveBeenCalled();
  });

  it("clears the cookie and the user on 'Invalid token'", async () => {
    const { world, session } = setup((w) => {
      w.cookie = w.validToken();
      w.session.setItem(USER_STATE_KEY, JSON.stringify(sampleUser));
      w.fetchUserImpl = async () => {
        throw new InvalidTokenError();
      };
    });
    session.setUser(null);
    await expect(session.check()).resolves.toBe(false);
    expect(world.cookie).toBeUndefined();
    expect(session.getSnapshot()).toEqual({ status: 'signed-out', user: null });
  });

  it('de-duplicates concurrent checks, refreshes and profile fetches', async () => {
    let releaseRefresh: () => void = () => undefined;
    const { world, session } = setup((w) => {
      w.refreshImpl = () =>
        new Promise((resolve) => {
          releaseRefresh = () => {
            w.cookie = w.validToken();
            resolve('ok');
          };
        });
    });
    const checks = [session.check(), session.ensureAuthenticated(), session.check()];
    releaseRefresh();
    await expect(Promise.all(checks)).resolves.toEqual([true, true, true]);
    expect(world.calls).toEqual({ refresh: 1, fetchUser: 1, logout: 0 });
  });

  it('re-checks every 60 s while authenticated and stops once signed out', async () => {
    const { world, session } = setup((w) => {
      w.cookie = w.validToken(30);
    });
    await session.check();
    expect(world.timers.size).toBe(1);
    expect(AUTH_RECHECK_INTERVAL_MS).toBe(60_000);

    world.nowMs += AUTH_RECHECK_INTERVAL_MS;
    world.refreshImpl = async () => 'unauthorized';
    await world.tick(session);
    expect(world.calls.refresh).toBe(1);
    expect(session.getSnapshot().status).toBe('signed-out');
    expect(world.timers.size).toBe(0);
  });

  it('notifies subscribers on every change', async () => {
    const { world, session } = setup((w) => {
      w.cookie = w.validToken();
    });
    const seen: string[] = [];
    const unsubscribe = session.subscribe((snapshot) => seen.push(snapshot.status));
    await session.check();
    unsubscribe();
    world.cookie = undefined;
    await session.logout();
    // Authenticated as soon as the cookie is valid, then again once the profile arrived.
    expect(seen).toEqual(['authenticated', 'authenticated']);
  });
});

describe('AuthSession.ensureAuthenticated', () => {
  it('lets a call through at once with a valid cookie while the profile loads beside it', async () => {
    const { world, session } = setup((w) => {
      w.cookie = w.validToken();
      w.fetchUserImpl = () => new Promise(() => undefined);
    });
    await expect(session.ensureAuthenticated()).resolves.toBe(true);
    expect(world.calls.fetchUser).toBe(1);
    expect(session.getSnapshot().status).toBe('authenticated');
  });

  it('refreshes first when the cookie is missing, and fails when that fails', async () => {
    const { world, session } = setup((w) => {
      w.refreshImpl = async () => 'unauthorized';
    });
    await expect(session.ensureAuthenticated()).resolves.toBe(false);
    expect(world.calls.refresh).toBe(1);
  });

  it('answers without network when already authenticated with a valid token', async () => {
    const { world, session } = setup((w) => {
      w.cookie = w.validToken();
    });
    await session.check();
    const before = { ...world.calls };
    await expect(session.ensureAuthenticated()).resolves.toBe(true);
    expect(world.calls).toEqual(before);
  });
});

describe('AuthSession.logout', () => {
  it('clears storage, cookie and state, then goes to /', async () => {
    const { world, session } = setup((w) => {
      w.cookie = w.validToken();
    });
    await session.check();
    world.local.setItem('agent_id', 'a1');
    world.session.setItem('menu_state', 'false');
    await session.logout();
    expect(world.calls.logout).toBe(1);
    expect(world.local.length).toBe(0);
    expect(world.session.length).toBe(0);
    expect(world.cookie).toBeUndefined();
    expect(session.getSnapshot()).toEqual({ status: 'signed-out', user: null });
    expect(world.navigations).toEqual(['/']);
  });

  it('still clears everything and goes to / when the call fails', async () => {
    const { world, session } = setup((w) => {
      w.cookie = w.validToken();
      w.logoutImpl = async () => {
        throw new Error('offline');
      };
    });
    await session.check();
    world.local.setItem('agent_id', 'a1');
    await session.logout();
    expect(world.local.length).toBe(0);
    expect(session.getSnapshot().user).toBeNull();
    expect(world.navigations).toEqual(['/']);
  });
});

describe('user state', () => {
  it('sets, clears and edits organizations by id', async () => {
    const { world, session } = setup();
    session.setUser(sampleUser);
    expect(JSON.parse(world.session.getItem(USER_STATE_KEY) as string)).toEqual(sampleUser);
    const created = {
      id: 'org-2',
      name: 'New',
      role: 'owner' as const,
      subscription_status: 'free' as const,
      licenses: 0,
    };
    session.upsertOrganization(created);
    expect(session.getSnapshot().user?.organizations.map((org) => org.id)).toEqual(['org-1', 'org-2']);
    session.removeOrganization('org-1');
    expect(session.getSnapshot().user?.organizations).toEqual([created]);
    session.setUser(null);
    expect(world.session.getItem(USER_STATE_KEY)).toBeNull();
  });

  it('ignores organization edits without a user', () => {
    const { session } = setup();
    session.removeOrganization('org-1');
    expect(session.getSnapshot().user).toBeNull();
  });
});
