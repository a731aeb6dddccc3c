/** Query flag the billing provider appends when the user comes back from checkout. */
const CHECKOUT_SUCCESS_FLAG = 'checkout_success';
/** Spec section 9: re-check authentication about 100 ms after a checkout return. */
export const CHECKOUT_REAUTH_DELAY_MS = 100;
/**
 * Checkout opens in a new tab and returns there; the tab that started it hears of the new plan on
 * this channel (same origin only) and reads the profile and its queries again.
 */
export const CHECKOUT_CHANNEL = 'dockhand:checkout-completed';

/**
 * Finds checkout_success=true in the address (before the hash or inside the hash's query) and
 * returns the address without it, or null when the flag is absent.
 */
export function stripCheckoutFlag(href: string): string | null {
  const url = new URL(href);
  let found = false;
  if (url.searchParams.get(CHECKOUT_SUCCESS_FLAG) === 'true') {
    url.searchParams.delete(CHECKOUT_SUCCESS_FLAG);
    found = true;
  }
  const hash = url.hash.slice(1);
  const queryStart = hash.indexOf('?');
  if (queryStart >= 0) {
    const params = new URLSearchParams(hash.slice(queryStart + 1));
    if (params.get(CHECKOUT_SUCCESS_FLAG) === 'true') {
      params.delete(CHECKOUT_SUCCESS_FLAG);
      const rest = params.toString();
      url.hash = `${hash.slice(0, queryStart)}${rest ? `?${rest}` : ''}`;
      found = true;
    }
  }
  return found ? url.toString() : null;
}
