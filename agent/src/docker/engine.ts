import http from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import { AgentError, AgentErrorCode } from '../errors.js';

export interface EngineResponse {
  status: number;
  body: Buffer;
}

/**
 * Minimal Docker Engine API client over the unix socket (no dependency, no shell). No keep-alive:
 * a pooled socket the engine has just closed fails the next request at random (ECONNRESET), and
 * a fresh unix-socket connection costs next to nothing.
 */
export class DockerEngine {
  private readonly agent = new http.Agent({ keepAlive: false });

  constructor(readonly socketPath: string) {}

  private options(
    method: string,
    path: string,
    headers: http.OutgoingHttpHeaders,
    timeout: number,
  ): http.RequestOptions {
    return { socketPath: this.socketPath, agent: this.agent, method, path, headers, timeout };
  }

  request(method: string, path: string, body?: unknown, timeoutMs = 30_000): Promise<EngineResponse> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const req = http.request(
        this.options(
          method,
          path,
          payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {},
          timeoutMs,
        ),
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('Docker engine did not answer in time')));
      req.on('error', (error) =>
        reject(
          new AgentError(AgentErrorCode.DockerUnavailable, `Docker engine unavailable: ${error.message}`),
        ),
      );
      req.end(payload);
    });
  }

  /** JSON request that throws the engine's own message on a non-2xx answer. */
  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.request(method, path, body);
    if (response.status < 200 || response.status >= 300) {
      throw new AgentError(AgentErrorCode.DockerApiError, engineMessage(response));
    }
    const text = response.body.toString('utf8');
    try {
      return (text ? JSON.parse(text) : undefined) as T;
    } catch {
      throw new AgentError(
        AgentErrorCode.DockerApiError,
        `Docker engine sent an unreadable answer to ${method} ${path.split('?')[0]}`,
      );
    }
  }

  /**
   * A request whose answer streams newline-delimited JSON (a pull): each line of a 2xx answer goes
   * to `onLine` as it arrives; any other answer comes back whole. `signal` aborts the request (the
   * engine then stops the work), `idleMs` bounds the silence between chunks.
   */
  stream(
    method: string,
    path: string,
    options: {
      headers?: Record<string, string>;
      signal?: AbortSignal;
      idleMs?: number;
      onLine: (line: string) => void;
    },
  ): Promise<EngineResponse> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          ...this.options(method, path, options.headers ?? {}, options.idleMs ?? 300_000),
          signal: options.signal,
        },
        (res) => {
          const status = res.statusCode ?? 0;
          const chunks: Buffer[] = [];
          const lines = new LineSplitter(options.onLine, () => undefined);
          const text = new StringDecoder('utf8');
          res.on('data', (chunk: Buffer) => {
            if (status >= 200 && status < 300) lines.push(text.write(chunk));
            else chunks.push(chunk);
          });
          res.on('end', () => {
            lines.push(`${text.end()}\n`);
            resolve({ status, body: Buffer.concat(chunks) });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('Docker engine sent nothing for too long')));
      req.on('error', (error) =>
        reject(
          options.signal?.aborted
            ? error
            : new AgentError(AgentErrorCode.DockerUnavailable, `Docker engine unavailable: ${error.message}`),
        ),
      );
      req.end();
    });
  }

  /**
   * Streams newline-delimited JSON events until `stop()` is called. A line that is not JSON (or an
   * endless one) is skipped and reported to `onMalformed`: it must never take the agent down.
   */
  streamEvents(
    path: string,
    onEvent: (event: unknown) => void,
    onEnd: (error?: Error) => void,
    onMalformed: (line: string) => void = () => undefined,
  ): () => void {
    const req = http.request(
      { socketPath: this.socketPath, agent: this.agent, method: 'GET', path },
      (res) => {
        const lines = new LineSplitter((line) => {
          let event: unknown;
          try {
            event = JSON.parse(line);
          } catch {
            onMalformed(line.slice(0, 200));
            return;
          }
          onEvent(event);
        }, onMalformed);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => lines.push(chunk));
        res.on('end', () => onEnd());
        res.on('error', onEnd);
      },
    );
    req.on('error', onEnd);
    req.end();
    return () => req.destroy();
  }
}

/** Newline-delimited text in chunks; a line longer than `maxLine` is dropped, not buffered forever. */
class LineSplitter {
  private buffered = '';
  private dropping = false;

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly onOverflow: (start: string) => void,
    private readonly maxLine = 1024 * 1024,
  ) {}

  push(chunk: string): void {
    this.buffered += chunk;
    let newline = this.buffered.indexOf('\n');
    while (newline >= 0) {
      const line = this.buffered.slice(0, newline).trim();
      this.buffered = this.buffered.slice(newline + 1);
      if (this.dropping) this.dropping = false;
      else if (line) this.onLine(line);
      newline = this.buffered.indexOf('\n');
    }
    if (this.buffered.length > this.maxLine) {
      if (!this.dropping) this.onOverflow(this.buffered.slice(0, 200));
      this.dropping = true;
      this.buffered = '';
    }
  }
}

export function engineMessage(response: EngineResponse): string {
  try {
    const parsed = JSON.parse(response.body.toString('utf8')) as { message?: string };
    if (parsed.message) return parsed.message;
  } catch {
    // not JSON: fall through to the raw text
  }
  return `Docker engine error ${response.status}: ${response.body.toString('utf8').slice(0, 300)}`;
}

/** Splits Docker's multiplexed stdout/stderr stream (8-byte frame headers) into channel chunks. */
export function demuxDockerStream(buffer: Buffer): Array<{ channel: 'stdout' | 'stderr'; text: string }> {
  const frames: Array<{ channel: 'stdout' | 'stderr'; text: string }> = [];
  let offset = 0;
  while (offset + 8 <= buffer.length) {
    const streamType = buffer[offset];
    const size = buffer.readUInt32BE(offset + 4);
    const end = Math.min(offset + 8 + size, buffer.length);
    frames.push({
      channel: streamType === 2 ? 'stderr' : 'stdout',
      text: buffer.subarray(offset + 8, end).toString('utf8'),
    });
    offset = end;
  }
  return frames;
}
