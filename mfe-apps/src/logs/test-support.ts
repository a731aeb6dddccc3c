// Jest helpers for the logs tests: a scripted get-logs endpoint behind the shared API client.
import { configureApiClient, type LogEntry } from 'shared';

export interface FakeAnswer {
  status?: number;
  statusText?: string;
  body: unknown;
}

export const logsAnswer = (containers: Record<string, string>, logs: LogEntry[]): FakeAnswer => ({
  body: { success: true, message: 'Logs loaded', data: { logs: { containers, logs } } },
});

export interface FakeLogsApi {
  fetch: jest.Mock;
  /** Query parameters of each get-logs request so far. */
  requests: () => URLSearchParams[];
}

/**
 * Answers each get-logs request with `answer(query, index)`; a promise lets a test hold an answer
 * back. Any other path fails the test.
 */
export function fakeLogsApi(
  answer: (query: URLSearchParams, index: number) => FakeAnswer | Promise<FakeAnswer>,
): FakeLogsApi {
  let count = 0;
  const fetchMock = jest.fn(async (input: string) => {
    const url = new URL(input);
    if (url.pathname !== '/api/v1/apps/get-logs') throw new Error(`unexpected call ${input}`);
    const { status = 200, statusText = 'OK', body } = await answer(url.searchParams, count++);
    return { ok: status < 400, status, statusText, json: async () => body };
  });
  configureApiClient({
    baseUrl: 'http://dock.test',
    ensureAuthenticated: () => true,
    fetch: fetchMock as unknown as typeof fetch,
  });
  return {
    fetch: fetchMock,
    requests: () => fetchMock.mock.calls.map(([input]) => new URL(input as string).searchParams),
  };
}

/** The parameters a test asserts on, as a plain object (absent ones left out). */
export function paramsOf(query: URLSearchParams | undefined): Record<string, string> {
  return Object.fromEntries(query ?? []);
}
