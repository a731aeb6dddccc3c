import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { AuthProvider } from 'shared';
import { createTestAuthSession } from '../test-support/auth-session';
import { CHECKOUT_REAUTH_DELAY_MS } from './checkout-return';
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
