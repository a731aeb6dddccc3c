import { ApiError, apiGet, LogLimits, type LogEntry, type LogsPage } from 'shared';

const LOGS_FAILURE_PREFIX = 'Failed to fetch logs';
const INVALID_LOGS_RESPONSE = 'Invalid logs response';
const UNKNOWN_LOGS_ERROR = 'Unknown error';

export interface LogsRequest {
  agentId: string;
  appId: string;
  /** Newest timestamp (ms) already in the buffer; null on the first fetch or after a clear. */
  newestTimestamp: number | null;
  /** Current time in ms, sent as `until` on follow-up fetches. */
  now?: number;
  signal?: AbortSignal;
}

/**
 * Spec section 7: `tail=50&since=&until=` on the first fetch; later fetches carry
 * `since` (newest timestamp seen, ms) and `until` (now, ms).
 */
function logsQuery({
  agentId,
  appId,
  newestTimestamp,
  now = Date.now(),
}: Omit<LogsRequest, 'signal'>): Record<string, string | number> {
  if (newestTimestamp === null) {
    return { agent_id: agentId, app_id: appId, tail: LogLimits.firstTail, since: '', until: '' };
  }
  return { agent_id: agentId, app_id: appId, since: newestTimestamp, until: now };
}

/** Fetches one page of an app's logs; throws an ApiError carrying the spec's message. */
export async function fetchLogsPage(request: LogsRequest): Promise<LogsPage> {
  const data = await apiGet<{ logs?: unknown } | null>('/api/v1/apps/get-logs', {
    query: logsQuery(request),
    failureMessage: LOGS_FAILURE_PREFIX,
    signal: request.signal,
  });
  return parseLogsPage(data?.logs);
}

/** Checks the shape of `data.logs`: a container map (optional) and an array of entries. */
function parseLogsPage(value: unknown): LogsPage {
  if (!isRecord(value) || !Array.isArray(value.logs)) throw invalidResponse();
  const containers = value.containers ?? {};
  if (!isRecord(containers)) throw invalidResponse();
  const names: Record<string, string> = {};
  for (const [id, name] of Object.entries(containers)) {
    if (typeof name === 'string') names[id] = name;
  }
  return { containers: names, logs: value.logs.map(parseEntry) };
}

function parseEntry(value: unknown): LogEntry {
  if (!isRecord(value) || typeof value.timestamp !== 'number' || !Number.isFinite(value.timestamp)) {
    throw invalidResponse();
  }
  const containerId = value.container_id ?? value.containerID;
  return {
    timestamp: value.timestamp,
    container_id: typeof containerId === 'string' ? containerId : '',
    channel: typeof value.channel === 'string' ? value.channel : 'stdout',
    message: typeof value.message === 'string' ? value.message : String(value.message ?? ''),
  };
}

/** The text shown after 'Error: ' for a failed fetch. */
export function logsErrorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : UNKNOWN_LOGS_ERROR;
}

function invalidResponse(): ApiError {
  return new ApiError(INVALID_LOGS_RESPONSE, 'invalid-response');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
