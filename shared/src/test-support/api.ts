// Test helpers for the dashboard's packages (jest only; not part of the shared runtime).
import { configureApiClient } from '../api/client';
import { eventBus, type ToastRequest } from '../events/event-bus';

export interface ApiAnswer {
  status?: number;
  body: unknown;
}

/** Points the shared API client at fixed answers by path; a call to any other path fails. */
export function answerApi(answers: Record<string, ApiAnswer>): jest.Mock {
  const fetchMock = jest.fn(async (url: string) => {
    const answer = answers[new URL(url).pathname];
    if (!answer) throw new Error(`unexpected call ${url}`);
    const status = answer.status ?? 200;
    return { ok: status < 400, status, statusText: '', json: async () => answer.body };
  });
  configureApiClient({
    baseUrl: 'http://dock.test',
    ensureAuthenticated: () => true,
    fetch: fetchMock as unknown as typeof fetch,
  });
  return fetchMock;
}

/** Records the toasts raised on the shared bus, afresh for each test of the file. */
export function recordToasts(): { calls: jest.Mock<void, [ToastRequest]> } {
  const recorder = { calls: jest.fn<void, [ToastRequest]>() };
  let stop = () => undefined as void;
  beforeEach(() => {
    recorder.calls = jest.fn<void, [ToastRequest]>();
    stop = eventBus.subscribe('toast:show', (toast) => recorder.calls(toast));
  });
  afterEach(() => stop());
  return recorder;
}
