/**
 * The OpenID Connect relying party (openid-client): authorization code flow with PKCE (S256),
 * state and nonce. Discovery runs lazily on the first sign-in and is cached. When the issuer is
 * this server's own dev identity provider, requests go straight to the loopback listener.
 */
import * as oidc from 'openid-client';
import type { Config } from '../config.js';
import { madeOnce } from './made-once.js';
import type { Identity } from './user-service.js';

/** What the callback must check; kept in a signed, httpOnly, short-lived cookie. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirect: string;
}

export interface OidcRelyingParty {
  start(redirect: string): Promise<{ authorizationUrl: string; pending: PendingSignIn }>;
  finish(callbackUrl: URL, pending: PendingSignIn): Promise<Identity>;
}

/** Base URL of this process's own listener, when known (used to reach the mounted dev IdP). */
export type LoopbackBase = () => string | null;

export function createOidcRelyingParty(config: Config, loopbackBase: LoopbackBase): OidcRelyingParty {
  const redirectUri = `${config.publicUrl}/auth/google/callback`;
  const issuerUrl = new URL(config.auth.issuer);
  const ownOrigin = new URL(config.publicUrl).origin;

  const publicUrl = new URL(config.publicUrl);
  const loopbackFetch: oidc.CustomFetch = (url, options) => {
    const base = loopbackBase();
    if (!base || !url.startsWith(ownOrigin)) return fetch(url, options as RequestInit);
    // The provider builds its endpoint URLs from the request's host: name the public one, or the
    // browser is sent to the loopback address and loses its cookies (localhost vs 127.0.0.1).
    const headers = new Headers(options.headers as ConstructorParameters<typeof Headers>[0]);
    headers.set('x-forwarded-host', publicUrl.host);
    headers.set('x-forwarded-proto', publicUrl.protocol.replace(':', ''));
    return fetch(base + url.slice(ownOrigin.length), { ...(options as RequestInit), headers });
  };

  // Discovery runs on the first sign-in; a failed one (issuer down) is tried again on the next.
  const configuration = madeOnce(() => {
    const options: oidc.DiscoveryRequestOptions = config.auth.devIdentityProvider
      ? { execute: [oidc.allowInsecureRequests], [oidc.customFetch]: loopbackFetch }
      : {};
    return oidc.discovery(issuerUrl, config.auth.clientId, config.auth.clientSecret, undefined, options);
  });

  return {
    async start(redirect) {
      const client = await configuration();
      const pending: PendingSignIn = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
        redirect,
      };
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
        // Dev IdP: always show the form so one browser can sign in as different people.
        prompt: config.auth.devIdentityProvider ? 'login' : 'select_account',
      };
      return { authorizationUrl: oidc.buildAuthorizationUrl(client, parameters).href, pending };
    },

    async finish(callbackUrl, pending) {
      const client = await configuration();
      const tokens = await oidc.authorizationCodeGrant(client, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The identity provider returned no ID token');
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : undefined,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : undefined,
        image: typeof claims.picture === 'string' ? claims.picture : undefined,
      };
    },
  };
}
