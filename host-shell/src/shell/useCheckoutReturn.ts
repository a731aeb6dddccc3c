import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from 'shared';
import { CHECKOUT_REAUTH_DELAY_MS, stripCheckoutFlag } from './checkout-return';

/**
 * Returning from checkout with checkout_success=true: clear every cached query and the stored
 * state (plans changed), drop the flag from the address, and re-check authentication after
 * about 100 ms so the user's organizations and plans are read again.
 */
export function useCheckoutReturn(): void {
  const queryClient = useQueryClient();
  const { check, setUser } = useAuth();

  useEffect(() => {
    const cleaned = stripCheckoutFlag(window.location.href);
    if (cleaned === null) return undefined;
    // Drop every cached answer: inactive ones go, the ones on screen are reset and fetched again
    // (plans changed), since removing those would leave the page holding stale copies.
    queryClient.removeQueries({ type: 'inactive' });
    void queryClient.resetQueries({ type: 'active' });
    try {
      window.localStorage.clear();
      window.sessionStorage.clear();
    } catch {
      // Storage may be unavailable; the in-memory state is reset below anyway.
    }
    setUser(null);
    window.history.replaceState(window.history.state, '', cleaned);
    const timer = window.setTimeout(() => void check(), CHECKOUT_REAUTH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [queryClient, check, setUser]);
}
