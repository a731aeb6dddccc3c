/**
 * The signed-in dashboard's first data, requested by the entry script while Module Federation is
 * still loading the shared libraries (instead of after them, which made a request waterfall).
 * The API client takes each response once through `fetchWithEarlyResponses`; anything unusable
 * (a network error, a non-2xx answer such as 401 for an expired token) falls back to a normal
 * request, so the auth state machine and error handling stay the only path that decides.
 *
 * Imports nothing from `shared` at run time on purpose: this runs before the shared singletons exist.
 */
import { chooseCurrentAgentId, readStoredAgentId } from '../current-server/current-agent-choice';

const ACCESS_TOKEN_COOKIE = 'access_token';

const pending = new Map<string, Promise<Response>>();
/** Set while the entry is still choosing the server whose apps it starts (from the list). */
let choosingServer: Promise<void> | null = null;
const APPS_PATH = '/api/v1/apps/get-apps';

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

/** The server ids of a get-agents answer, or none when it is not one. */
async function agentIdsOf(response: Response): Promise<{ id: string }[]> {
  if (!response.ok) return [];
  const body = (await response.json()) as { data?: { agents?: unknown } } | null;
  const agents = body?.data?.agents;
  return Array.isArray(agents)
    ? agents.filter((agent): agent is { id: string } => typeof agent?.id === 'string')
    : [];
}

/**
 * Starts the server list and the current server's apps: the remembered server's at once, else
 * (none remembered, or it is gone) the one chosen from the list as soon as the list is in.
 * Not on the login page.
 */
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
    return request;
  };
  const getApps = (agentId: string) => get(earlyRequestUrl(env.origin, APPS_PATH, { agent_id: agentId }));
  const agents = get(earlyRequestUrl(env.origin, '/api/v1/agents/get-agents'));
  if (env.storedAgentId) getApps(env.storedAgentId);
  // Read from a copy, taken before the API client reads the response itself.
  const choosing = agents
    .then((response) => agentIdsOf(response.clone()))
    .then((list) => {
      const current = chooseCurrentAgentId(list, env.storedAgentId);
      if (current && current !== env.storedAgentId) getApps(current);
    })
    .catch(() => undefined) // the dashboard then loads the apps itself, as without this
    .finally(() => {
      if (choosingServer === choosing) choosingServer = null;
    });
  choosingServer = choosing;
}

export function startEarlyRequestsInBrowser(): void {
  // Null when storage is blocked: the apps then load after the server list as before.
  const storedAgentId = readStoredAgentId();
  startEarlyRequests({
    cookie: document.cookie,
    hash: window.location.hash,
    origin: window.location.origin,
    storedAgentId,
    fetch: window.fetch.bind(window),
  });
}

/**
 * A fetch for the API client: a GET that was started early gets that response, once. A server's
 * apps asked for while the entry is still choosing its server wait for that choice (a moment,
 * the list is already in) rather than go out twice.
 */
export function fetchWithEarlyResponses(fallback: typeof fetch): typeof fetch {
  const takeEarly = (url: string, input: RequestInfo | URL, init?: RequestInit) => {
    const early = pending.get(url);
    if (!early) return fallback(input, init);
    pending.delete(url);
    return early.then(
      (response) => (response.ok ? response : fallback(input, init)),
      () => fallback(input, init),
    );
  };
  return (input, init) => {
    const url = typeof input === 'string' ? input : null;
    const method = (init?.method ?? 'GET').toUpperCase();
    if (url === null || method !== 'GET') return fallback(input, init);
    if (!pending.has(url) && choosingServer && new URL(url).pathname === APPS_PATH) {
      return choosingServer.then(() => takeEarly(url, input, init));
    }
    return takeEarly(url, input, init);
  };
}

/** Tests only: forgets responses not taken. */
export function clearEarlyRequests(): void {
  pending.clear();
  choosingServer = null;
}
