import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgentFeature, LogEntry } from 'shared';
import { LogsTab, type LogsTabProps } from './LogsTab';
import { LOG_POLL_INTERVAL_MS } from './useAppLogs';
import { fakeLogsApi, logsAnswer, paramsOf, type FakeAnswer } from './test-support';

const NOW = Date.UTC(2026, 10, 23, 10, 0, 0);
const DISABLED_TEXT =
  'Application logs are disabled for this server. The agent may not be updated to the latest version or the feature is turned off.';
const CONTAINERS = { c0ffee1234567890: 'shop-web-1' };

const line = (offsetMs: number, message: string, channel = 'stdout'): LogEntry => ({
  timestamp: NOW + offsetMs,
  container_id: 'c0ffee1234567890',
  channel,
  message,
});
const manyLines = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => line((from + i) * 10, `line ${from + i + 1}`));

const agentWith = (features: AgentFeature[]) => ({ features });
const logsOn = agentWith([{ name: 'app_logs', is_enabled: true }]);

const elapse = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

function renderTab(
  answer: (query: URLSearchParams, index: number) => FakeAnswer,
  props: Partial<LogsTabProps> = {},
) {
  const api = fakeLogsApi(answer);
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  render(
    <ChakraProvider>
      <LogsTab agentId="agent-1" appId="app-1" agent={logsOn} isOnline {...props} />
    </ChakraProvider>,
  );
  return { api, user };
}

const rowTexts = () => screen.queryAllByRole('listitem').map((row) => row.textContent);
/** Whether a row with this message is rendered (react-window renders the rows near the viewport). */
const isRendered = (message: string) => rowTexts().some((text) => text?.endsWith(` ${message}`));
const followSwitch = () => screen.getByRole('checkbox', { name: 'Follow logs' });
const searchBox = () => screen.getByRole('searchbox', { name: 'Search logs' });

// jsdom has no layout: give elements the height of their style and a scrollTo that moves
// scrollTop, so that react-window can scroll as in a browser.
const geometry = {
  clientHeight(this: HTMLElement) {
    return parseFloat(this.style.height) || 0;
  },
  scrollHeight(this: HTMLElement) {
    return Math.max(
      0,
      ...Array.from(this.children, (child) => parseFloat((child as HTMLElement).style.height) || 0),
    );
  },
};
const originalScrollTo = HTMLElement.prototype.scrollTo;
beforeAll(() => {
  for (const [name, get] of Object.entries(geometry)) {
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get });
  }
  HTMLElement.prototype.scrollTo = function scrollTo(this: HTMLElement, options?: ScrollToOptions | number) {
    const top = typeof options === 'object' ? options.top : undefined;
    if (top === undefined) return;
    this.scrollTop = Math.max(0, Math.min(top, this.scrollHeight - this.clientHeight));
    this.dispatchEvent(new Event('scroll'));
  } as typeof HTMLElement.prototype.scrollTo;
});
afterAll(() => {
  for (const name of Object.keys(geometry))
    delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
  HTMLElement.prototype.scrollTo = originalScrollTo;
});
beforeEach(() => jest.useFakeTimers({ now: NOW }));
afterEach(() => jest.useRealTimers());

describe('LogsTab', () => {
  it.each([
    ['the agent lacks the app_logs feature', agentWith([{ name: 'docker_networks', is_enabled: true }])],
    ['the feature is turned off', agentWith([{ name: 'app_logs', is_enabled: false }])],
    ['no agent is known', null],
  ])('explains that logs are disabled when %s, without asking for logs', async (_case, agent) => {
    const { api } = renderTab(() => logsAnswer({}, []), { agent });
    await elapse(LOG_POLL_INTERVAL_MS);
    expect(screen.getByText(DISABLED_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Follow logs' })).not.toBeInTheDocument();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('shows each line with the container name and an ISO date-time, stderr lines marked apart', async () => {
    renderTab(() => logsAnswer(CONTAINERS, [line(0, 'ready'), line(5, 'disk almost full', 'stderr')]));
    expect(screen.getByText('Loading logs...')).toBeInTheDocument();
    await elapse(0);

    expect(rowTexts()).toEqual([
      'shop-web-1 2026-11-23 10:00:00.000 ready',
      'shop-web-1 2026-11-23 10:00:00.005 disk almost full',
    ]);
    const [stdout, stderr] = screen.getAllByRole('listitem');
    expect(stderr).toHaveAttribute('data-channel', 'stderr');
    expect(getComputedStyle(stderr!).color).not.toBe(getComputedStyle(stdout!).color);
    // Wrapped lines: long messages continue on the next line instead of being cut.
    expect(stdout).toHaveStyle({ whiteSpace: 'pre-wrap', lineHeight: '22px' });
  });

  it('says so while the app has no log lines yet', async () => {
    renderTab(() => logsAnswer({}, []));
    await elapse(0);
    expect(screen.getByText('No log lines yet')).toBeInTheDocument();
  });

  it("shows 'Error: {message}' and keeps polling; the error goes once logs arrive", async () => {
    const { api } = renderTab((_query, index) =>
      index === 0
        ? { status: 503, statusText: 'Service Unavailable', body: null }
        : logsAnswer(CONTAINERS, [line(0, 'back again')]),
    );
    await elapse(0);
    expect(screen.getByText('Error: Failed to fetch logs: 503 Service Unavailable')).toBeInTheDocument();

    await elapse(LOG_POLL_INTERVAL_MS);
    expect(api.requests()).toHaveLength(2);
    expect(rowTexts()).toEqual(['shop-web-1 2026-11-23 10:00:00.000 back again']);
    expect(screen.queryByText(/^Error:/)).not.toBeInTheDocument();
  });

  it('filters lines only from the third character, ignoring case, and says when nothing matches', async () => {
    const { user } = renderTab(() =>
      logsAnswer(CONTAINERS, [
        line(0, 'GET /health 200'),
        line(1, 'ERROR disk full'),
        line(2, 'worker ready'),
      ]),
    );
    await elapse(0);

    await user.type(searchBox(), 'er');
    expect(rowTexts()).toHaveLength(3);
    await user.type(searchBox(), 'r');
    expect(rowTexts()).toEqual(['shop-web-1 2026-11-23 10:00:00.001 ERROR disk full']);

    await user.clear(searchBox());
    await user.type(searchBox(), 'panic');
    expect(screen.getByText('No filter matches')).toBeInTheDocument();
    expect(rowTexts()).toEqual([]);

    await user.clear(searchBox());
    expect(rowTexts()).toHaveLength(3);
  });

  it('follows the newest line by default, and stays put once following is switched off', async () => {
    const { user } = renderTab((_query, index) =>
      logsAnswer(CONTAINERS, index === 0 ? manyLines(300) : manyLines(300, 300 * index)),
    );
    await elapse(0);
    expect(followSwitch()).toBeChecked();
    expect(isRendered('line 300')).toBe(true);
    expect(isRendered('line 1')).toBe(false);

    await elapse(LOG_POLL_INTERVAL_MS);
    expect(isRendered('line 600')).toBe(true);

    await user.click(followSwitch());
    expect(followSwitch()).not.toBeChecked();
    await elapse(LOG_POLL_INTERVAL_MS);
    expect(isRendered('line 900')).toBe(false);

    await user.click(followSwitch());
    await elapse(0);
    expect(isRendered('line 900')).toBe(true);
  });

  it('stops following when the reader scrolls up', async () => {
    renderTab(() => logsAnswer(CONTAINERS, manyLines(300)));
    await elapse(0);
    fireEvent.wheel(screen.getByRole('list', { name: 'Log lines' }), { deltaY: -120 });
    expect(followSwitch()).not.toBeChecked();
  });

  it('Clear empties the view and the next request asks for the latest 50 lines again', async () => {
    const { api, user } = renderTab((_query, index) =>
      logsAnswer(CONTAINERS, [line(index * 1000, `poll ${index + 1}`)]),
    );
    await elapse(0);
    expect(rowTexts()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(rowTexts()).toEqual([]);
    expect(screen.getByText('No log lines yet')).toBeInTheDocument();

    await elapse(LOG_POLL_INTERVAL_MS);
    expect(paramsOf(api.requests()[1])).toMatchObject({ tail: '50', since: '', until: '' });
    expect(rowTexts()).toEqual(['shop-web-1 2026-11-23 10:00:01.000 poll 2']);
  });

  it('does not poll while the server is offline', async () => {
    const { api } = renderTab(() => logsAnswer({}, []), { isOnline: false });
    await elapse(2 * LOG_POLL_INTERVAL_MS);
    expect(api.fetch).not.toHaveBeenCalled();
    expect(screen.getByText('Agent is offline')).toBeInTheDocument();
  });
});
