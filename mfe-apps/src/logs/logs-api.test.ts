import { fetchLogsPage, logsErrorMessage } from './logs-api';
import { fakeLogsApi, logsAnswer, paramsOf } from './test-support';

const request = { agentId: 'agent-1', appId: 'app-1' };

describe('fetchLogsPage', () => {
  it('asks for the latest 50 lines with empty since and until on the first fetch', async () => {
    const api = fakeLogsApi(() => logsAnswer({}, []));
    await fetchLogsPage({ ...request, newestTimestamp: null });
    expect(paramsOf(api.requests()[0])).toEqual({
      agent_id: 'agent-1',
      app_id: 'app-1',
      tail: '50',
      since: '',
      until: '',
    });
  });

  it('asks for the lines since the newest one seen, until now, on later fetches', async () => {
    const api = fakeLogsApi(() => logsAnswer({}, []));
    await fetchLogsPage({ ...request, newestTimestamp: 1_700_000_000_123, now: 1_700_000_005_000 });
    expect(paramsOf(api.requests()[0])).toEqual({
      agent_id: 'agent-1',
      app_id: 'app-1',
      since: '1700000000123',
      until: '1700000005000',
    });
  });

  it('returns the container map and the entries, reading containerID as the container id', async () => {
    fakeLogsApi(() =>
      logsAnswer({ abc: 'web-1' }, [
        { timestamp: 1, containerID: 'abc', channel: 'stderr', message: 'boom' },
        { timestamp: 2, container_id: 'abc', channel: 'stdout', message: 'ok' },
      ]),
    );
    await expect(fetchLogsPage({ ...request, newestTimestamp: null })).resolves.toEqual({
      containers: { abc: 'web-1' },
      logs: [
        { timestamp: 1, container_id: 'abc', channel: 'stderr', message: 'boom' },
        { timestamp: 2, container_id: 'abc', channel: 'stdout', message: 'ok' },
      ],
    });
  });

  it("fails with 'Failed to fetch logs: {status} {statusText}' on an HTTP error", async () => {
    fakeLogsApi(() => ({ status: 502, statusText: 'Bad Gateway', body: null }));
    await expect(fetchLogsPage({ ...request, newestTimestamp: null })).rejects.toThrow(
      'Failed to fetch logs: 502 Bad Gateway',
    );
  });

  it.each([
    ['no logs object', { success: true, message: '', data: {} }],
    [
      'logs that are not a list',
      { success: true, message: '', data: { logs: { containers: {}, logs: 'x' } } },
    ],
    [
      'an entry without a numeric timestamp',
      { success: true, message: '', data: { logs: { containers: {}, logs: [{ timestamp: 'soon' }] } } },
    ],
  ])("fails with 'Invalid logs response' for %s", async (_case, body) => {
    fakeLogsApi(() => ({ body }));
    await expect(fetchLogsPage({ ...request, newestTimestamp: null })).rejects.toThrow(
      'Invalid logs response',
    );
  });
});

describe('logsErrorMessage', () => {
  it("is the error's message, or 'Unknown error' when there is none", () => {
    expect(logsErrorMessage(new Error('Agent is offline'))).toBe('Agent is offline');
    expect(logsErrorMessage('boom')).toBe('Unknown error');
    expect(logsErrorMessage(new Error(''))).toBe('Unknown error');
  });
});
