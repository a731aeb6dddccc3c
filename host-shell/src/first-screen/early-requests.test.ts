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
  const response = { ok: status >= 200 && status < 300, status, json: async () => body };
  return { ...response, clone: () => ({ ...response }) } as unknown as Response;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

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

test('with no remembered server, or one that is gone, the chosen server’s apps start once the list is in', async () => {
  const listed = { success: true, message: 'OK', data: { agents: [{ id: 'agent-1' }, { id: 'agent-2' }] } };
  for (const storedAgentId of [null, 'deleted-agent']) {
    const early = env({ storedAgentId, fetch: jest.fn(async () => jsonResponse(200, listed)) });
    startEarlyRequests(early);
    await flush();
    const urls = early.fetch.mock.calls.map(([url]) => url);
    expect(urls).toContain(APPS_URL); // the first server of the list, as the shell will choose
    expect(urls.filter((url) => url === APPS_URL)).toHaveLength(1);

    // The API client still reads the whole answer of the list itself, then takes the apps.
    const fallback = jest.fn();
    const clientFetch = fetchWithEarlyResponses(fallback as unknown as typeof fetch);
    expect(await (await clientFetch(AGENTS_URL, { method: 'GET' })).json()).toEqual(listed);
    await clientFetch(APPS_URL, { method: 'GET' });
    expect(fallback).not.toHaveBeenCalled();
    clearEarlyRequests();
  }
});

test('a remembered server still in the list, or an unusable list, starts no other apps request', async () => {
  const listed = { success: true, message: 'OK', data: { agents: [{ id: 'agent-1' }] } };
  const remembered = env({ fetch: jest.fn(async () => jsonResponse(200, listed)) });
  startEarlyRequests(remembered);
  const refused = env({
    storedAgentId: null,
    fetch: jest.fn(async () => jsonResponse(401, { success: false, message: 'Not authenticated' })),
  });
  startEarlyRequests(refused);
  await flush();
  expect(remembered.fetch.mock.calls.map(([url]) => url)).toEqual([AGENTS_URL, APPS_URL]);
  expect(refused.fetch.mock.calls.map(([url]) => url)).toEqual([AGENTS_URL]);
});

test('apps asked for while the entry is still choosing the server wait for it instead of going out twice', async () => {
  const listed = { success: true, message: 'OK', data: { agents: [{ id: 'agent-1' }] } };
  const appsBody = { success: true, message: 'OK', data: { apps: [] } };
  let answerList: (response: Response) => void = () => undefined;
  const fetchMock = jest.fn((url: string) =>
    url === AGENTS_URL
      ? new Promise<Response>((resolve) => (answerList = resolve))
      : Promise.resolve(jsonResponse(200, appsBody)),
  );
  startEarlyRequests(env({ storedAgentId: null, fetch: fetchMock as unknown as typeof fetch }));
  const fallback = jest.fn(async () => jsonResponse(200, appsBody));
  const clientFetch = fetchWithEarlyResponses(fallback as unknown as typeof fetch);

  const apps = clientFetch(APPS_URL, { method: 'GET' });
  answerList(jsonResponse(200, listed));
  expect(await (await apps).json()).toEqual(appsBody);
  expect(fallback).not.toHaveBeenCalled();
  expect(fetchMock.mock.calls.filter(([url]) => url === APPS_URL)).toHaveLength(1);

  // Once chosen, other servers' apps go out at once.
  const other = earlyRequestUrl(ORIGIN, '/api/v1/apps/get-apps', { agent_id: 'agent-2' });
  await clientFetch(other, { method: 'GET' });
  expect(fallback).toHaveBeenCalledWith(other, { method: 'GET' });
});
