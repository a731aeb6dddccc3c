/**
 * Why a sign-in came back to the login page. The server's callback sends the browser to
 * `/#/login?error=<code>`; the login page shows the code's text, so a failed sign-in is never silent.
 */
export const SignInFailure = {
  /** No sign-in was pending: it took too long, or the browser dropped its cookie. */
  Expired: 'expired',
  Unavailable: 'unavailable',
  DiskFull: 'disk-full',
  /** The identity provider refused, or its answer did not check out. */
  Failed: 'failed',
} as const;
export type SignInFailureCode = (typeof SignInFailure)[keyof typeof SignInFailure];

const texts: Readonly<Record<SignInFailureCode, string>> = {
  expired: 'Sign-in did not finish in time, or this browser blocked its cookie. Please try again.',
  unavailable: 'Sign-in failed: the service is briefly unavailable. Please try again in a moment.',
  'disk-full': "Sign-in failed: the server's disk is full. Ask its administrator to free some space.",
  failed: 'Sign-in failed. Please try again.',
};

/** The login page's text for `?error=<code>`; any other non-empty value reads as a plain failure. */
export function signInFailureText(code: string | null | undefined): string | null {
  if (!code) return null;
  return Object.hasOwn(texts, code) ? texts[code as SignInFailureCode] : texts.failed;
}
