import { ApiError } from './ApiError';
import { apiCall, apiGet, apiPost, configureApiClient, resolveApiUrl } from './client';

/** jsdom has no fetch Response: the client only reads ok, status, statusText and json(). */
function textResponse(text: string, status = 200, statusText = 'OK'): Response {
  const response = {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    json: async () => JSON.parse(text) as unknown,
  };
  return response as unknown as Response;
}

function jsonResponse(body: unknown, status = 200): Response {
  return textResponse(JSON.stringify(body), status);
}

describe('API client (spec section 7)', () => {
  let fetchMock: jest.Mock<Promise<Response>, Parameters<typeof fetch>>;

  beforeEach(() => {
    fetchMock = jest.fn();
    configureApiClient({
      baseUrl: 'https://dock.example',
      ensureAuthenticated: () => true,
      fetch: fetchMock,
    });
    document.cookie = 'access_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('runs the auth check first and fails with "Not authenticated" without calling the server', async () => {
    configureApiClient({
      baseUrl: 'https://dock.example',
      ensureAuthenticated: async () => false,
      fetch: fetchMock,
    });
    await expect(apiGet('/api/v1/agents/get-agents')).rejects.toMatchObject({
      message: 'Not authenticated',
      kind: 'not-authenticated',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends credentials and a bearer header from the access_token cookie', async () => {
    document.cookie = 'access_token=abc.def.ghi';
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: 'ok', data: { agents: [] } }));
    await apiGet('/api/v1/agents/get-agents');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://dock.example/api/v1/agents/get-agents');
    expect(init?.credentials).toBe('include');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer abc.def.ghi');
  });

  it('sends no Authorization header without the cookie', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: 'ok', data: null }));
    await apiGet('/auth/user');
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('resolves relative paths against the API base and leaves absolute http URLs unchanged', () => {
    expect(resolveApiUrl('api/v1/x', { agent_id: 'a 1', since: undefined })).toBe(
      'https://dock.example/api/v1/x?agent_id=a+1',
    );
    expect(resolveApiUrl('http://other.example/hook?x=1')).toBe('http://other.example/hook?x=1');
  });

  it('unwraps data and keeps the message', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ success: true, message: 'Organization created', data: { id: 'o1' } }),
    );
    await expect(
      apiCall('/api/v1/organization/create-organization', { body: { name: 'n' } }),
    ).resolves.toEqual({
      data: { id: 'o1' },
      message: 'Organization created',
    });
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ name: 'n' }),
    });
  });

  it('throws the message when success is false', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: false, message: 'Agent is offline' }));
    const failure = apiPost('/api/v1/apps/control-app', { app_id: 'x', action: 'active' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ message: 'Agent is offline', kind: 'rejected' });
  });

  it("a refusal without a message gives the call's default, an HTTP failure its 'Failed to' prefix", async () => {
    const call = { failureMessage: 'Failed to create network', rejectedMessage: 'Create network failed' };
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: '' }));
    await expect(apiPost('/api/v1/networks/create-network', {}, call)).rejects.toMatchObject({
      message: 'Create network failed',
    });
    fetchMock.mockResolvedValueOnce(textResponse('oops', 500, 'Internal Server Error'));
    await expect(apiPost('/api/v1/networks/create-network', {}, call)).rejects.toMatchObject({
      message: 'Failed to create network: 500 Internal Server Error',
    });
  });

  it('gives "{prefix}: {status} {statusText}" for an HTTP failure without a message, else the server message', async () => {
    fetchMock.mockResolvedValueOnce(textResponse('oops', 502, 'Bad Gateway'));
    await expect(
      apiGet('/api/v1/catalog/get-apps', { failureMessage: 'Failed to fetch catalog' }),
    ).rejects.toMatchObject({
      message: 'Failed to fetch catalog: 502 Bad Gateway',
      status: 502,
    });
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: 'Not authenticated' }, 401));
    await expect(apiGet('/api/v1/agents/get-agents')).rejects.toMatchObject({
      message: 'Not authenticated',
      status: 401,
    });
  });

  it('words the failure detail as each call asks: status text only, or the prefix alone', async () => {
    fetchMock.mockResolvedValueOnce(textResponse('oops', 503, 'Service Unavailable'));
    await expect(
      apiGet('/api/v1/agents/get-agents-status', {
        failureMessage: 'Failed to fetch agent statuses',
        failureDetail: 'statusText',
      }),
    ).rejects.toMatchObject({ message: 'Failed to fetch agent statuses: Service Unavailable' });
    fetchMock.mockResolvedValueOnce(textResponse('oops', 500, 'Internal Server Error'));
    await expect(
      apiGet('/api/v1/agents/get-available-versions', {
        failureMessage: 'Failed to fetch agent versions',
        failureDetail: 'none',
      }),
    ).rejects.toMatchObject({ message: 'Failed to fetch agent versions', status: 500 });
  });

  it('reports a body that is not the envelope as "Invalid response"', async () => {
    fetchMock.mockResolvedValue(textResponse('<html>'));
    await expect(apiGet('/api/v1/agents/get-agents')).rejects.toMatchObject({ message: 'Invalid response' });
  });

  it('sends one Idempotency-Key per idempotent call and resends it when the answer was lost', async () => {
    jest.useFakeTimers();
    try {
      fetchMock
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockResolvedValueOnce(jsonResponse({ success: true, message: 'App created', data: { id: 'a1' } }))
        .mockResolvedValueOnce(jsonResponse({ success: true, message: 'App created', data: { id: 'a2' } }));
      const first = apiPost('/api/v1/apps/create-app', {}, { idempotent: true });
      await jest.advanceTimersByTimeAsync(500);
      await expect(first).resolves.toEqual({ id: 'a1' });
      await apiPost('/api/v1/apps/create-app', {}, { idempotent: true });
      const keys = fetchMock.mock.calls.map(
        ([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key'],
      );
      expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
      expect(keys[1]).toBe(keys[0]);
      expect(keys[2]).not.toBe(keys[0]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('does not retry nor send a key for an ordinary call', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiPost('/api/v1/agents/rename-agent', {})).rejects.toMatchObject({ kind: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(
      (fetchMock.mock.calls[0]![1]?.headers as Record<string, string>)['Idempotency-Key'],
    ).toBeUndefined();
  });
});
