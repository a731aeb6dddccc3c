/**
 * A browser's walk through a sign-in with the dev identity provider: a cookie jar and the
 * redirects, as in auth/oidc-flow.test.ts and, step by step on different replicas, through the
 * balancer (replicas/replicas-balancer.test.ts).
 */
import assert from 'node:assert/strict';

/** A tiny cookie jar: enough for one browser-like walk through the redirects. */
export class Browser {
  private cookies = new Map<string, string>();
  /** `route` picks where each request goes (a replica behind the balancer); as addressed by default. */
  constructor(private readonly route: (url: string) => string = (url) => url) {}
  async get(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(this.route(url), { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

/** Walks login → IdP form → callback like a browser; returns the form page and the final redirect. */
export async function signInThroughDevIdp(browser: Browser, base: string, redirect: string, email: string) {
  const login = await browser.get(`${base}/auth/google/login?redirect=${encodeURIComponent(redirect)}`);
  assert.equal(login.status, 302);
  const authorize = new URL(login.headers.get('location')!);
  const toInteraction = await browser.get(authorize.href);
  assert.ok([302, 303].includes(toInteraction.status));
  const page = await browser.get(new URL(toInteraction.headers.get('location')!, base).href);
  const html = await page.text();
  assert.equal(page.status, 200);
  const action = /action="([^"]+)"/.exec(html)![1]!;
  // A bad submission re-renders the form with the values escaped, and the flow can continue.
  const rejected = await browser.get(new URL(action, base).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: '<script>alert(1)</script>', email: 'not-an-email' }).toString(),
  });
  assert.equal(rejected.status, 400);
  const rejectedHtml = await rejected.text();
  assert.match(rejectedHtml, /A valid email is required/);
  assert.doesNotMatch(rejectedHtml, /<script>/);
  const submitted = await browser.get(new URL(action, base).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'Ada Lovelace', email }).toString(),
  });
  assert.ok([302, 303].includes(submitted.status));
  // Follow the provider's redirects until our callback answers.
  let location = new URL(submitted.headers.get('location')!, base).href;
  for (let hop = 0; hop < 5; hop += 1) {
    const response = await browser.get(location);
    if (location.includes('/auth/google/callback'))
      return { authorize, html, finalLocation: response.headers.get('location') };
    location = new URL(response.headers.get('location')!, base).href;
  }
  throw new Error('the flow never reached the callback');
}
