import { createHttpAuthTransport, InvalidTokenError } from './auth-transport';

/** jsdom has no Response: a minimal stand-in with what the transport reads. */
function respond(status: number, body: unknown): Response {
  const fake = {
    ok: status >= 200 && status < 300,
    status,
    statusText: status === 502 ? 'Bad Gateway' : '',
    json: async () => {
      if (body === null) throw new SyntaxError('Unexpected end of JSON input');
      return body;
    },
  };
  return fake as unknown as Response;
}

describe('http auth transport', () => {
  afterEach(() => {
    document.cookie = 'access_token=; Max-Age=0; path=/';
  });

  it('posts /auth/refresh with credentials and maps the status', async () => {
    const fetchMock = jest.fn(async () => respond(200, { success: true, message: 'ok' }));
    const transport = createHttpAuthTransport(fetchMock);
    await expect(transport.refresh()).resolves.toBe('ok');
    expect(fetchMock).toHaveBeenCalledWith(
      expect.stringMatching(/\/auth\/refresh$/),
      expect.objectContaining({ method: 'POST', credentials: 'include' }),
    );
    fetchMock.mockResolvedValueOnce(respond(401, { success: false, message: 'Not authenticated' }));
    await expect(transport.refresh()).resolves.toBe('unauthorized');
    fetchMock.mockResolvedValueOnce(respond(500, {}));
    await expect(transport.refresh()).resolves.toBe('failed');
  });

  it('reads the profile from the envelope or bare, with the bearer header', async () => {
    document.cookie = 'access_token=abc.def.ghi; path=/';
    const profile = { user_id: 'u1', name: 'Ada', email: 'a@x', image: 'http://img', organizations: [] };
    const fetchMock = jest.fn(async (_url: string, _init?: RequestInit) =>
      respond(200, { success: true, message: '', data: profile }),
    );
    const transport = createHttpAuthTransport(fetchMock as unknown as typeof fetch);
    await expect(transport.fetchUser()).resolves.toMatchObject({ id: 'u1', image: 'http://img' });
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer abc.def.ghi' });
    fetchMock.mockResolvedValueOnce(respond(200, profile));
    await expect(transport.fetchUser()).resolves.toMatchObject({ id: 'u1', name: 'Ada' });
  });

  it('yields no user on a non-OK answer and throws on Invalid token', async () => {
    const fetchMock = jest.fn(async () => respond(500, { success: false, message: 'boom' }));
    const transport = createHttpAuthTransport(fetchMock);
    await expect(transport.fetchUser()).resolves.toBeNull();
    fetchMock.mockResolvedValueOnce(respond(401, { success: false, message: 'Invalid token' }));
    await expect(transport.fetchUser()).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('throws when logout fails so the caller can log it', async () => {
    const transport = createHttpAuthTransport(jest.fn(async () => respond(502, null)));
    await expect(transport.logout()).rejects.toThrow('Logout failed: 502');
  });
});
