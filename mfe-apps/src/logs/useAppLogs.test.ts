import { act, renderHook } from '@testing-library/react';
import type { LogEntry } from 'shared';
import { LOG_POLL_INTERVAL_MS, useAppLogs, type UseAppLogsOptions } from './useAppLogs';
import { fakeLogsApi, logsAnswer, paramsOf, type FakeAnswer } from './test-support';

const NOW = Date.UTC(2026, 10, 23, 10, 0, 0);
const line = (timestamp: number, message: string): LogEntry => ({
  timestamp,
  container_id: 'c1',
  channel: 'stdout',
  message,
});
const options: UseAppLogsOptions = { agentId: 'agent-1', appId: 'app-1', enabled: true };

/** Lets pending answers and the timers due within `ms` run. */
const elapse = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

function deferred() {
  let resolve: (answer: FakeAnswer) => void = () => undefined;
  const promise = new Promise<FakeAnswer>((done) => (resolve = done));
  return { promise, resolve };
}

beforeEach(() => jest.useFakeTimers({ now: NOW }));
afterEach(() => jest.useRealTimers());

describe('useAppLogs', () => {
  it('first asks for the latest 50 lines, then 5000 ms after the answer for the lines since the newest one', async () => {
    const api = fakeLogsApi((_query, index) =>
      index === 0
        ? logsAnswer({ c1: 'web-1' }, [line(NOW - 2000, 'booting'), line(NOW - 1000, 'ready')])
        : logsAnswer({}, [line(NOW + 3000, 'GET /')]),
    );
    const { result } = renderHook(() => useAppLogs(options));
    await elapse(0);

    expect(paramsOf(api.requests()[0])).toMatchObject({ tail: '50', since: '', until: '' });
    expect(result.current.lines.map((l) => l.message)).toEqual(['booting', 'ready']);
    expect(result.current.containers).toEqual({ c1: 'web-1' });

    await elapse(LOG_POLL_INTERVAL_MS - 1);
    expect(api.requests()).toHaveLength(1);
    await elapse(1);
    expect(api.requests()).toHaveLength(2);
    const second = paramsOf(api.requests()[1]);
    expect(second).toMatchObject({ since: String(NOW - 1000), until: String(NOW + LOG_POLL_INTERVAL_MS) });
    expect(second).not.toHaveProperty('tail');
    expect(result.current.lines.map((l) => l.message)).toEqual(['booting', 'ready', 'GET /']);
  });

  it('waits for a slow answer before scheduling the next request (not a fixed interval)', async () => {
    const slow = deferred();
    const api = fakeLogsApi((_query, index) => (index === 1 ? slow.promise : logsAnswer({}, [])));
    renderHook(() => useAppLogs(options));
    await elapse(LOG_POLL_INTERVAL_MS);
    expect(api.requests()).toHaveLength(2);

    await elapse(3 * LOG_POLL_INTERVAL_MS);
    expect(api.requests()).toHaveLength(2);

    await act(async () => slow.resolve(logsAnswer({}, [])));
    await elapse(LOG_POLL_INTERVAL_MS - 1);
    expect(api.requests()).toHaveLength(2);
    await elapse(1);
    expect(api.requests()).toHaveLength(3);
  });

  it('reports a failure and keeps polling; the next success clears the error', async () => {
    const api = fakeLogsApi((_query, index) =>
      index === 0
        ? { status: 500, statusText: 'Internal Server Error', body: null }
        : logsAnswer({}, [line(NOW, 'recovered')]),
    );
    const { result } = renderHook(() => useAppLogs(options));
    await elapse(0);
    expect(result.current.error).toBe('Failed to fetch logs: 500 Internal Server Error');

    await elapse(LOG_POLL_INTERVAL_MS);
    expect(api.requests()).toHaveLength(2);
    // Nothing was read yet, so the retry still asks for the latest 50 lines.
    expect(paramsOf(api.requests()[1])).toMatchObject({ tail: '50', since: '' });
    expect(result.current.error).toBeNull();
    expect(result.current.lines.map((l) => l.message)).toEqual(['recovered']);
  });

  it('after a clear, empties the lines and asks for the latest 50 again, dropping an answer already under way', async () => {
    const inFlight = deferred();
    const api = fakeLogsApi((_query, index) => {
      if (index === 0) return logsAnswer({}, [line(NOW - 1000, 'old')]);
      if (index === 1) return inFlight.promise;
      return logsAnswer({}, [line(NOW + 9000, 'latest')]);
    });
    const { result } = renderHook(() => useAppLogs(options));
    await elapse(LOG_POLL_INTERVAL_MS);
    expect(api.requests()).toHaveLength(2);

    act(() => result.current.clear());
    expect(result.current.lines).toEqual([]);
    await act(async () => inFlight.resolve(logsAnswer({}, [line(NOW + 1000, 'stale')])));
    expect(result.current.lines).toEqual([]);

    await elapse(LOG_POLL_INTERVAL_MS);
    expect(paramsOf(api.requests()[2])).toMatchObject({ tail: '50', since: '', until: '' });
    expect(result.current.lines.map((l) => l.message)).toEqual(['latest']);
  });

  it('does not poll while disabled, resumes from the newest line when enabled, and stops when unmounted', async () => {
    const api = fakeLogsApi(() => logsAnswer({}, [line(NOW, 'ready')]));
    const { rerender, unmount } = renderHook((props: UseAppLogsOptions) => useAppLogs(props), {
      initialProps: options,
    });
    await elapse(0);
    rerender({ ...options, enabled: false });
    await elapse(3 * LOG_POLL_INTERVAL_MS);
    expect(api.requests()).toHaveLength(1);

    rerender(options);
    await elapse(0);
    expect(api.requests()).toHaveLength(2);
    expect(paramsOf(api.requests()[1])).toMatchObject({ since: String(NOW) });

    unmount();
    await elapse(3 * LOG_POLL_INTERVAL_MS);
    expect(api.requests()).toHaveLength(2);
  });

  it('starts afresh for another app', async () => {
    const api = fakeLogsApi((query) => logsAnswer({}, [line(NOW, `from ${query.get('app_id')}`)]));
    const { result, rerender } = renderHook((props: UseAppLogsOptions) => useAppLogs(props), {
      initialProps: options,
    });
    await elapse(0);
    rerender({ ...options, appId: 'app-2' });
    expect(result.current.lines).toEqual([]);
    await elapse(0);
    expect(paramsOf(api.requests()[1])).toMatchObject({ app_id: 'app-2', tail: '50' });
    expect(result.current.lines.map((l) => l.message)).toEqual(['from app-2']);
  });
});
