import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAuth } from 'shared';
import { CHECKOUT_CHANNEL, CHECKOUT_REAUTH_DELAY_MS, stripCheckoutFlag } from './checkout-return';

/** Null where the browser has no BroadcastChannel: the other tabs then see the plan on reload. */
function openCheckoutChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHECKOUT_CHANNEL);
}

/**
 * Returning from checkout with checkout_success=true: clear every cached query and the stored
 * state (plans changed), drop the flag from the address, and re-check authentication after
 * about 100 ms so the user's organizations and plans are read again. The other open tabs (the
 * one that started the checkout) are told, and read the profile and their queries again.
 */
export function useCheckoutReturn(): void {
  const queryClient = useQueryClient();
  const auth = useAuth();
  // The effect must run once per return: clearing the user hands out new auth functions, and a
  // re-run (or StrictMode's double run) would find the flag already gone. The ref reaches the
  // current ones.
  const authRef = useRef(auth);
  useEffect(() => {
    authRef.current = auth;
  });

  useEffect(() => {
    const channel = openCheckoutChannel();
    if (channel) {
      channel.onmessage = () => {
        void authRef.current.reloadProfile();
        void queryClient.invalidateQueries();
      };
    }
    const cleaned = stripCheckoutFlag(window.location.href);
    if (cleaned !== null) {
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
      authRef.current.setUser(null);
      window.history.replaceState(window.history.state, '', cleaned);
      // Not cleared on unmount: the re-check belongs to the session, not to this component.
      window.setTimeout(() => void authRef.current.check(), CHECKOUT_REAUTH_DELAY_MS);
      // Sent through this tab's own channel, which does not hear itself.
      channel?.postMessage('completed');
    }
    return () => channel?.close();
  }, [queryClient]);
}
