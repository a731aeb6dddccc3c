import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
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
  const session = createTestAuthSession();
  const check = jest.spyOn(session, 'check').mockResolvedValue(true);
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider session={session}>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );
  expect(window.location.search).toBe('');
  expect(window.location.hash).toBe('#/organization');
  expect(localStorage.getItem('agent_id')).toBeNull();
  expect(sessionStorage.getItem('user_state')).toBeNull();
  expect(queryClient.getQueryData(['agents', 'list'])).toBeUndefined();
  expect(check).not.toHaveBeenCalled();
  await act(async () => {
    jest.advanceTimersByTime(CHECKOUT_REAUTH_DELAY_MS);
  });
  expect(check).toHaveBeenCalledTimes(1);
  jest.useRealTimers();
});
