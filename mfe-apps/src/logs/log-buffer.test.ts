import { LogLimits, type LogEntry } from 'shared';
import {
  containerLabel,
  filterLogLines,
  formatLogLine,
  formatLogTime,
  mergeContainers,
  mergeLogLines,
  newestTimestamp,
  toLogLine,
  type LogLine,
} from './log-buffer';

const T0 = Date.UTC(2026, 10, 23, 10, 15, 2, 123);
const entry = (offsetMs: number, message: string, overrides: Partial<LogEntry> = {}): LogEntry => ({
  timestamp: T0 + offsetMs,
  container_id: 'c0ffee1234567890',
  channel: 'stdout',
  message,
  ...overrides,
});
const messages = (lines: readonly LogLine[]) => lines.map((line) => line.message);

describe('mergeLogLines', () => {
  it('drops a line already in the buffer (same timestamp, container, channel and message)', () => {
    const buffer = mergeLogLines([], [entry(0, 'ready'), entry(1, 'listening')]);
    const merged = mergeLogLines(buffer, [entry(1, 'listening'), entry(2, 'GET /')]);
    expect(messages(merged)).toEqual(['ready', 'listening', 'GET /']);
  });

  it('keeps lines that differ in only one of the four fields', () => {
    const merged = mergeLogLines(
      [],
      [
        entry(0, 'tick'),
        entry(0, 'tick', { channel: 'stderr' }),
        entry(0, 'tick', { container_id: 'other' }),
        entry(1, 'tick'),
        entry(0, 'tock'),
      ],
    );
    expect(merged).toHaveLength(5);
  });

  it('treats containerID and container_id as the same container', () => {
    const buffer = mergeLogLines([], [entry(0, 'ready', { container_id: 'abc' })]);
    const merged = mergeLogLines(buffer, [
      entry(0, 'ready', { container_id: undefined, containerID: 'abc' }),
    ]);
    expect(merged).toHaveLength(1);
    expect(merged[0]?.containerId).toBe('abc');
  });

  it('orders lines by time, keeping arrival order within the same millisecond', () => {
    const buffer = mergeLogLines([], [entry(10, 'b'), entry(30, 'd')]);
    const merged = mergeLogLines(buffer, [entry(20, 'c'), entry(0, 'a'), entry(30, 'e')]);
    expect(messages(merged)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('keeps only the last 2000 lines', () => {
    const first = Array.from({ length: 1500 }, (_, i) => entry(i, `line ${i}`));
    const second = Array.from({ length: 1000 }, (_, i) => entry(1500 + i, `line ${1500 + i}`));
    const merged = mergeLogLines(mergeLogLines([], first), second);
    expect(LogLimits.maxLines).toBe(2000);
    expect(merged).toHaveLength(2000);
    expect(merged[0]?.message).toBe('line 500');
    expect(merged[1999]?.message).toBe('line 2499');
  });

  it('keeps the last 2000 lines of a page longer than the buffer, dropping repeats within it', () => {
    const buffer = mergeLogLines([], [entry(0, 'old'), entry(5, 'tick')]);
    const page = [entry(5, 'tick'), entry(6, 'a'), entry(6, 'b'), entry(6, 'a')];
    expect(messages(mergeLogLines(buffer, page))).toEqual(['old', 'tick', 'a', 'b']);
    const burst = Array.from({ length: 5500 }, (_, i) => entry(10 + Math.floor(i / 1000), `line ${i}`));
    const merged = mergeLogLines(buffer, burst);
    expect(merged).toHaveLength(2000);
    expect(merged[0]?.message).toBe('line 3500');
    expect(merged[1999]?.message).toBe('line 5499');
  });

  it('returns the same buffer when nothing new arrived', () => {
    const buffer = mergeLogLines([], [entry(0, 'ready')]);
    expect(mergeLogLines(buffer, [entry(0, 'ready')])).toBe(buffer);
    expect(mergeLogLines(buffer, [])).toBe(buffer);
  });
});

describe('newestTimestamp', () => {
  it('is the last line’s time, or null for an empty buffer', () => {
    expect(newestTimestamp([])).toBeNull();
    expect(newestTimestamp(mergeLogLines([], [entry(5, 'b'), entry(1, 'a')]))).toBe(T0 + 5);
  });
});

describe('formatting', () => {
  it('shows the time in ISO date, space, time form', () => {
    expect(formatLogTime(T0)).toBe('2026-11-23 10:15:02.123');
  });

  it('prefixes the line with the container name from the map', () => {
    const line = toLogLine(entry(0, 'ready'));
    expect(formatLogLine(line, { c0ffee1234567890: 'shop-web-1' })).toBe(
      'shop-web-1 2026-11-23 10:15:02.123 ready',
    );
  });

  it('falls back to the short container id, and to no prefix without a container', () => {
    expect(containerLabel('c0ffee1234567890', {})).toBe('c0ffee123456');
    expect(formatLogLine(toLogLine(entry(0, 'ready')), {})).toBe(
      'c0ffee123456 2026-11-23 10:15:02.123 ready',
    );
    expect(formatLogLine(toLogLine(entry(0, 'ready', { container_id: '' })), {})).toBe(
      '2026-11-23 10:15:02.123 ready',
    );
  });
});

describe('filterLogLines', () => {
  const containers = { c0ffee1234567890: 'shop-db-1' };
  const lines = mergeLogLines(
    [],
    [entry(0, 'Database ready'), entry(1, 'GET /health 200'), entry(2, 'ERROR disk full')],
  );

  it('does not filter with 2 characters or fewer', () => {
    expect(filterLogLines(lines, containers, 'GE')).toBe(lines);
    expect(filterLogLines(lines, containers, '  er  ')).toBe(lines);
  });

  it('filters with more than 2 characters, ignoring case', () => {
    expect(messages(filterLogLines(lines, containers, 'err'))).toEqual(['ERROR disk full']);
    expect(messages(filterLogLines(lines, containers, 'DATABASE'))).toEqual(['Database ready']);
  });

  it('matches the container name and the time too', () => {
    expect(filterLogLines(lines, containers, 'shop-db')).toHaveLength(3);
    expect(messages(filterLogLines(lines, containers, '10:15:02.124'))).toEqual(['GET /health 200']);
  });

  it('leaves nothing when no line matches', () => {
    expect(filterLogLines(lines, containers, 'panic')).toEqual([]);
  });
});

describe('mergeContainers', () => {
  it('adds new names and keeps the same map when nothing changed', () => {
    const known = { a: 'web-1' };
    expect(mergeContainers(known, { a: 'web-1' })).toBe(known);
    expect(mergeContainers(known, { b: 'db-1' })).toEqual({ a: 'web-1', b: 'db-1' });
  });
});
