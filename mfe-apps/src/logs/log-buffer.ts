import { isLogSearchActive, LogLimits, type LogEntry } from 'shared';

/** Length of the container id shown when the container map has no name for it. */
const SHORT_ID_LENGTH = 12;

/** One line of the buffer, with the container id resolved and an identity for deduplication. */
export interface LogLine {
  /** Timestamp, container, channel and message: two lines with the same key are one line. */
  key: string;
  timestamp: number;
  containerId: string;
  channel: string;
  message: string;
}

/** The parts of a displayed line: the container prefix, the time and the message. */
export interface LogLineParts {
  container: string;
  time: string;
  message: string;
}

export function toLogLine(entry: LogEntry): LogLine {
  const containerId = entry.container_id ?? entry.containerID ?? '';
  return {
    key: [entry.timestamp, containerId, entry.channel, entry.message].join('\u0000'),
    timestamp: entry.timestamp,
    containerId,
    channel: entry.channel,
    message: entry.message,
  };
}

/**
 * Adds new entries to the buffer: lines already present are dropped, the result is ordered by time
 * (lines of the same millisecond keep their arrival order) and capped to the last `limit` lines.
 * Returns the same array when nothing new arrived, so callers can skip a render.
 */
export function mergeLogLines(
  buffer: readonly LogLine[],
  entries: readonly LogEntry[],
  limit: number = LogLimits.maxLines,
): readonly LogLine[] {
  // A repeated line has the same timestamp (part of its key), so only the buffer's lines from the
  // page's earliest time on can be repeated: hashing the whole buffer each poll is wasted work.
  let earliest = Infinity;
  for (const entry of entries) earliest = Math.min(earliest, entry.timestamp);
  const seen = new Set<string>();
  for (let i = buffer.length - 1; i >= 0; i--) {
    const line = buffer[i];
    if (!line || line.timestamp < earliest) break;
    seen.add(line.key);
  }
  const added: LogLine[] = [];
  // Following a busy app, every new line comes at or after the newest one: then nothing needs sorting.
  let inOrder = true;
  let newest = buffer[buffer.length - 1]?.timestamp ?? -Infinity;
  for (const entry of entries) {
    const line = toLogLine(entry);
    if (seen.has(line.key)) continue;
    seen.add(line.key);
    added.push(line);
    if (line.timestamp < newest) inOrder = false;
    else newest = line.timestamp;
  }
  if (added.length === 0 && buffer.length <= limit) return buffer;
  if (inOrder) {
    const keptOld = Math.max(0, limit - added.length);
    return [
      ...buffer.slice(Math.max(0, buffer.length - keptOld)),
      ...added.slice(Math.max(0, added.length - limit)),
    ];
  }
  // Array.prototype.sort is stable: equal timestamps keep buffer-then-arrival order.
  const merged = [...buffer, ...added].sort((a, b) => a.timestamp - b.timestamp);
  return merged.length > limit ? merged.slice(merged.length - limit) : merged;
}

/** Adds the names of a new page's container map; returns the same map when nothing changed. */
export function mergeContainers(
  known: Readonly<Record<string, string>>,
  incoming: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  const changed = Object.entries(incoming).some(([id, name]) => known[id] !== name);
  return changed ? { ...known, ...incoming } : known;
}

/** The newest timestamp in the buffer (the `since` of the next fetch), or null when it is empty. */
export function newestTimestamp(buffer: readonly LogLine[]): number | null {
  return buffer[buffer.length - 1]?.timestamp ?? null;
}

/** ISO 'date time' form in UTC: '2026-11-23 10:15:02.123'. */
export function formatLogTime(timestamp: number): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return String(timestamp);
  return date.toISOString().replace('T', ' ').replace(/Z$/, '');
}

/** The container's name from the map, else its short id; empty when the line has no container. */
export function containerLabel(containerId: string, containers: Readonly<Record<string, string>>): string {
  return containers[containerId] || containerId.slice(0, SHORT_ID_LENGTH);
}

export function logLineParts(line: LogLine, containers: Readonly<Record<string, string>>): LogLineParts {
  return {
    container: containerLabel(line.containerId, containers),
    time: formatLogTime(line.timestamp),
    message: line.message,
  };
}

/** The whole displayed line: '{container} {date time} {message}'. */
export function formatLogLine(line: LogLine, containers: Readonly<Record<string, string>>): string {
  const { container, time, message } = logLineParts(line, containers);
  return container ? `${container} ${time} ${message}` : `${time} ${message}`;
}

/**
 * The lines matching the search term, case-insensitive, over the whole displayed line.
 * Spec section 5: the search filters only with more than 2 characters; shorter terms show everything.
 */
export function filterLogLines(
  lines: readonly LogLine[],
  containers: Readonly<Record<string, string>>,
  term: string,
): readonly LogLine[] {
  if (!isLogSearchActive(term)) return lines;
  const needle = term.trim().toLowerCase();
  return lines.filter((line) => formatLogLine(line, containers).toLowerCase().includes(needle));
}
