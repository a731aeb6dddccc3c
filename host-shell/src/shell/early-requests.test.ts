import {
  clearEarlyRequests,
  earlyRequestUrl,
  fetchWithEarlyResponses,
  startEarlyRequests,
  type EarlyRequestEnv,
} from './early-requests';

const ORIGIN = 'http://dockhand.test';
const AGENTS_URL = earlyRequestUrl(ORIGIN, '/api/v1/agents/get-agents');
const APPS_URL = earlyRequestUrl(ORIGIN, '/api/v1/apps/get-apps', { agent_id: 'agent-1' });

function jsonResponse(status: number, body: unknown): Response {
  return { ok: status >= 200 && status < 300, status, json: async () => body } as Response;
}

function env(overrides: Partial<EarlyRequestEnv> = {}): EarlyRequestEnv & { fetch: jest.Mock } {
  return {
    cookie: 'theme=dark; access_token=tok%2Ben',
    hash: '#/',
    origin: ORIGIN,
    storedAgentId: 'agent-1',
    fetch: jest.fn(async () => jsonResponse(200, { success: true, message: 'OK', data: {} })),
    ...overrides,
  } as EarlyRequestEnv & { fetch: jest.Mock };
}

afterEach(() => clearEarlyRequests());

test('starts the server list and the remembered server’s apps with the bearer token', () => {
  const early = env();
  startEarlyRequests(early);
  expect(early.fetch.mock.calls.map(([url]) => url)).toEqual([AGENTS_URL, APPS_URL]);
  expect(early.fetch.mock.calls[0][1].headers.Authorization).toBe('Bearer tok+en');
  // The API client builds the same URL for the same call.
  expect(APPS_URL).toBe(`${ORIGIN}/api/v1/apps/get-apps?agent_id=agent-1`);
});

test('starts nothing signed out or on the login page', () => {
  const signedOut = env({ cookie: 'theme=dark' });
  startEarlyRequests(signedOut);
  const login = env({ hash: '#/login' });
  startEarlyRequests(login);
  expect(signedOut.fetch).not.toHaveBeenCalled();
  expect(login.fetch).not.toHaveBeenCalled();
});

test('the API client takes an early response once, then fetches normally', async () => {
  const early = env({ storedAgentId: null });
  startEarlyRequests(early);
  const fallback = jest.fn(async () => jsonResponse(200, { success: true, message: 'fresh' }));
  const clientFetch = fetchWithEarlyResponses(fallback as unknown as typeof fetch);

  await clientFetch(AGENTS_URL, { method: 'GET' });
  expect(fallback).not.toHaveBeenCalled();
  await clientFetch(AGENTS_URL, { method: 'GET' });
  expect(fallback).toHaveBeenCalledTimes(1);
  await clientFetch(APPS_URL, { method: 'GET' });
  expect(fallback).toHaveBeenCalledTimes(2);
});

test('an early 401 or network failure falls back to a normal request (e.g. after a refresh)', async () => {
  const failing = env({
    fetch: jest
      .fn()
      .mockResolvedValueOnce(jsonResponse(401, { success: false, message: 'Not authenticated' }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch')),
  });
  startEarlyRequests(failing);
  const fresh = jsonResponse(200, { success: true, message: 'OK' });
  const fallback = jest.fn(async () => fresh);
  const clientFetch = fetchWithEarlyResponses(fallback as unknown as typeof fetch);
  const init = { method: 'GET', headers: { Authorization: 'Bearer refreshed' } };

  expect(await clientFetch(AGENTS_URL, init)).toBe(fresh);
  expect(await clientFetch(APPS_URL, init)).toBe(fresh);
  expect(fallback).toHaveBeenCalledWith(AGENTS_URL, init);
  expect(fallback).toHaveBeenCalledWith(APPS_URL, init);
});
