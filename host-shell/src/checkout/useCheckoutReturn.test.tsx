import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { StrictMode } from 'react';
import { AuthProvider } from 'shared';
import { createTestAuthSession } from '../test-support/auth-session';
import { CHECKOUT_CHANNEL, CHECKOUT_REAUTH_DELAY_MS } from './checkout-return';
import { useCheckoutReturn } from './useCheckoutReturn';

function Probe() {
  useCheckoutReturn();
  return null;
}

it('on checkout_success=true clears caches and storage, drops the flag and re-checks auth after 100 ms', async () => {
  jest.useFakeTimers();
  window.history.replaceState(null, '', '/?checkout_success=true#/organization');
  localStorage.setItem('agent_id', 'a1');
  sessionStorage.setItem('user_state', '{}');
  const queryClient = new QueryClient();
  queryClient.setQueryData(['agents', 'list'], ['stale']);
  // A signed-in user: clearing it changes the auth state and re-renders the shell.
  const session = createTestAuthSession({
    user: { id: 'u1', name: 'Ada', email: 'ada@dock.test', image: null, organizations: [] },
  });
  const check = jest.spyOn(session, 'check').mockResolvedValue(true);
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider session={session}>
          <Probe />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  expect(window.location.search).toBe('');
  expect(window.location.hash).toBe('#/organization');
  expect(localStorage.getItem('agent_id')).toBeNull();
  expect(sessionStorage.getItem('user_state')).toBeNull();
  expect(queryClient.getQueryData(['agents', 'list'])).toBeUndefined();
  expect(session.getSnapshot().user).toBeNull();
  expect(check).not.toHaveBeenCalled();
  await act(async () => {
    jest.advanceTimersByTime(CHECKOUT_REAUTH_DELAY_MS);
  });
  expect(check).toHaveBeenCalledTimes(1);
  jest.useRealTimers();
});

describe('the tab that started the checkout', () => {
  const original = globalThis.BroadcastChannel;
  beforeAll(() => {
    // jsdom has no BroadcastChannel; Node's delivers between instances like a browser's tabs do.
    globalThis.BroadcastChannel = NodeBroadcastChannel as unknown as typeof BroadcastChannel;
  });
  afterAll(() => {
    globalThis.BroadcastChannel = original;
  });

  it('hears of the completed checkout from the returning tab and reads the new plan and queries', async () => {
    window.history.replaceState(null, '', '/#/organization');
    const individual = {
      id: 'u1',
      name: 'Ada',
      email: 'ada@dock.test',
      image: null,
      organizations: [
        { id: 'o1', name: 'Acme', role: 'owner' as const, subscription_status: 'free' as const, licenses: 0 },
      ],
    };
    const business = {
      ...individual,
      organizations: [{ ...individual.organizations[0]!, subscription_status: 'paid' as const, licenses: 3 }],
    };
    const session = createTestAuthSession({
      token: 'valid',
      transport: { fetchUser: async () => business },
    });
    session.setUser(individual);
    jest.spyOn(session, 'hasValidToken').mockReturnValue(true);
    await session.check();
    session.setUser(individual);
    const queryClient = new QueryClient();
    queryClient.setQueryData(['agents', 'list'], ['free server']);
    const { unmount } = render(
      <QueryClientProvider client={queryClient}>
        <AuthProvider session={session}>
          <Probe />
        </AuthProvider>
      </QueryClientProvider>,
    );
    const returningTab = new NodeBroadcastChannel(CHECKOUT_CHANNEL);
    returningTab.postMessage('completed');
    await waitFor(() =>
      expect(session.getSnapshot().user?.organizations[0]?.subscription_status).toBe('paid'),
    );
    expect(queryClient.getQueryState(['agents', 'list'])?.isInvalidated).toBe(true);
    returningTab.close();
    unmount();
  });

  it('is told by the tab that returns from checkout', async () => {
    window.history.replaceState(null, '', '/?checkout_success=true#/organization');
    const startingTab = new NodeBroadcastChannel(CHECKOUT_CHANNEL);
    const heard = new Promise((resolve) => {
      startingTab.onmessage = resolve;
    });
    const { unmount } = render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider session={createTestAuthSession()}>
          <Probe />
        </AuthProvider>
      </QueryClientProvider>,
    );
    await expect(heard).resolves.toBeDefined();
    startingTab.close();
    unmount();
  });
});
