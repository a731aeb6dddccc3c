import {
  FAILED_DEPLOY_LOG_LINES,
  failedDeployLogsText,
  LogLimits,
  type AppLogs,
  type LogEntry,
} from 'contract';
import type { ComposeTranscript } from '../docker/compose-transcript.js';
import { demuxDockerStream, type DockerEngine } from '../docker/engine.js';
import { projectContainers } from '../docker/project-resources.js';

export interface LogQuery {
  tail?: number;
  sinceMs?: number;
  untilMs?: number;
}

interface ContainerSummary {
  Id: string;
  Names: string[];
}

/** Reads the logs of every container of a compose project, merged and ordered by time. */
export async function readProjectLogs(
  engine: DockerEngine,
  projectName: string,
  query: LogQuery,
): Promise<AppLogs> {
  const filters = encodeURIComponent(
    JSON.stringify({ label: [`com.docker.compose.project=${projectName}`] }),
  );
  const containers = await engine.json<ContainerSummary[]>(
    'GET',
    `/containers/json?all=1&filters=${filters}`,
  );
  const result: AppLogs = { containers: {}, logs: [] };
  for (const container of containers) {
    result.containers[container.Id] = (container.Names[0] ?? container.Id).replace(/^\//, '');
    const inspect = await engine.json<{ Config: { Tty: boolean } }>(
      'GET',
      `/containers/${container.Id}/json`,
    );
    result.logs.push(...(await containerLogs(engine, container.Id, inspect.Config.Tty, query)));
  }
  result.logs.sort((a, b) => a.timestamp - b.timestamp);
  if (query.tail !== undefined) result.logs = result.logs.slice(-query.tail);
  return result;
}

async function containerLogs(
  engine: DockerEngine,
  id: string,
  tty: boolean,
  query: LogQuery,
): Promise<LogEntry[]> {
  const params = new URLSearchParams({ stdout: '1', stderr: '1', timestamps: '1' });
  params.set('tail', query.tail !== undefined ? String(query.tail) : 'all');
  // The engine takes seconds with a fraction; since is exclusive of the last line already seen.
  if (query.sinceMs !== undefined) params.set('since', ((query.sinceMs + 1) / 1000).toFixed(3));
  if (query.untilMs !== undefined) params.set('until', (query.untilMs / 1000).toFixed(3));
  const response = await engine.request('GET', `/containers/${id}/logs?${params.toString()}`);
  if (response.status !== 200) return [];
  const chunks = tty
    ? [{ channel: 'stdout' as const, text: response.body.toString('utf8') }]
    : demuxDockerStream(response.body);
  const entries: LogEntry[] = [];
  for (const chunk of chunks) {
    for (const line of chunk.text.split('\n')) {
      const entry = parseLine(line, id, chunk.channel);
      if (entry) entries.push(entry);
    }
  }
  return entries;
}

function parseLine(line: string, containerId: string, channel: 'stdout' | 'stderr'): LogEntry | null {
  if (!line) return null;
  const space = line.indexOf(' ');
  const rawTime = space > 0 ? line.slice(0, space) : line;
  // Engine timestamps carry nanoseconds; keep milliseconds so every client parses them.
  const time = Date.parse(rawTime.replace(/(\.\d{3})\d*/, '$1'));
  if (Number.isNaN(time)) return null;
  return {
    timestamp: time,
    container_id: containerId,
    channel,
    message: truncate(space > 0 ? line.slice(space + 1).replace(/\r$/, '') : ''),
  };
}

function truncate(message: string): string {
  const max = LogLimits.maxMessageLength;
  return message.length > max ? `${message.slice(0, max)}…` : message;
}

/**
 * Before a rollback removes or replaces a failed deploy's containers, their last lines go into the
 * deploy's output (agent/README.md 'Logs of a failed deploy'), by service. Best effort: the
 * rollback matters more than its logs.
 */
export async function keepFailedDeployLogs(
  engine: DockerEngine,
  projectName: string,
  transcript: ComposeTranscript,
): Promise<void> {
  try {
    const { logs } = await readProjectLogs(engine, projectName, { tail: FAILED_DEPLOY_LOG_LINES });
    if (logs.length === 0) return;
    const services = new Map(
      (await projectContainers(engine, projectName)).map((container) => [container.id, container.service]),
    );
    transcript.note(
      failedDeployLogsText(
        logs.map((entry) => ({
          service: services.get(entry.container_id) ?? '',
          message: entry.message,
        })),
      ),
    );
  } catch {
    // Logs unreadable (Docker busy or gone): the rollback goes on without them.
  }
}
