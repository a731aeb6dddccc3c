/**
 * The signed-in dashboard's first data, requested by the entry script while Module Federation is
 * still loading the shared libraries (instead of after them, which made a request waterfall).
 * The API client takes each response once through `fetchWithEarlyResponses`; anything unusable
 * (a network error, a non-2xx answer such as 401 for an expired token) falls back to a normal
 * request, so the auth state machine and error handling stay the only path that decides.
 *
 * Imports nothing from `shared` on purpose: this runs before the shared singletons exist.
 */

const ACCESS_TOKEN_COOKIE = 'access_token';
/** Same key as AGENT_ID_KEY in ./agents/agent-status-rules (that module needs `shared`). */
const STORED_AGENT_ID_KEY = 'agent_id';

const pending = new Map<string, Promise<Response>>();

export interface EarlyRequestEnv {
  cookie: string;
  hash: string;
  origin: string;
  storedAgentId: string | null;
  fetch: typeof fetch;
}

function readAccessToken(cookie: string): string | null {
  const prefix = `${ACCESS_TOKEN_COOKIE}=`;
  const part = cookie.split('; ').find((entry) => entry.startsWith(prefix));
  return part ? decodeURIComponent(part.slice(prefix.length)) : null;
}

/** The absolute URL the API client builds for the same call (resolveApiUrl in shared). */
export function earlyRequestUrl(origin: string, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, origin);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/** Starts the server list and, for the remembered server, its apps. Not on the login page. */
export function startEarlyRequests(env: EarlyRequestEnv): void {
  const token = readAccessToken(env.cookie);
  if (!token || env.hash.startsWith('#/login')) return;
  const get = (url: string) => {
    const request = env.fetch(url, {
      method: 'GET',
      credentials: 'include',
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
    request.catch(() => undefined); // an unused failure must not be an unhandled rejection
    pending.set(url, request);
  };
  get(earlyRequestUrl(env.origin, '/api/v1/agents/get-agents'));
  if (env.storedAgentId) {
    get(earlyRequestUrl(env.origin, '/api/v1/apps/get-apps', { agent_id: env.storedAgentId }));
  }
}

export function startEarlyRequestsInBrowser(): void {
  let storedAgentId: string | null = null;
  try {
    storedAgentId = window.localStorage.getItem(STORED_AGENT_ID_KEY);
  } catch {
    // Storage may be blocked; the apps then load after the server list as before.
  }
  startEarlyRequests({
    cookie: document.cookie,
    hash: window.location.hash,
    origin: window.location.origin,
    storedAgentId,
    fetch: window.fetch.bind(window),
  });
}

/** A fetch for the API client: a GET that was started early gets that response, once. */
export function fetchWithEarlyResponses(fallback: typeof fetch): typeof fetch {
  return (input, init) => {
    const url = typeof input === 'string' ? input : null;
    const method = (init?.method ?? 'GET').toUpperCase();
    const early = url !== null && method === 'GET' ? pending.get(url) : undefined;
    if (!early || url === null) return fallback(input, init);
    pending.delete(url);
    return early.then(
      (response) => (response.ok ? response : fallback(input, init)),
      () => fallback(input, init),
    );
  };
}

/** Tests only: forgets responses not taken. */
export function clearEarlyRequests(): void {
  pending.clear();
}
