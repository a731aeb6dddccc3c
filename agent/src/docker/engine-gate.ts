import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

/**
 * A private engine socket for one compose command started before its deploy was admitted (see
 * held-command.ts): before `open`, a connection's read-only requests (GET and HEAD without a body)
 * go to the real engine, so the command does its look-ups while admission runs, and the first
 * other request (the first that would change anything) is held, unanswered, until `open`; from
 * then on everything is piped to the engine. `close` drops every connection, so a command whose
 * deploy is refused, fails or is cancelled before `open` never changed anything in Docker. The
 * socket (0600) lives in the agent's gates folder (0700), which admission refuses as an engine
 * socket.
 */
export class EngineGate {
  private opened = false;
  /** When compose first waited for `open` (its start-up and look-ups were over), if it did. */
  firstHeldAt: number | null = null;
  /** Connections accepted before `open`. */
  private readonly held = new Set<HeldConnection>();
  /** Every socket of the gate (compose's and the engine's), dropped at `close`. */
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly server: net.Server,
    readonly socketPath: string,
    private readonly engineSocket: string,
  ) {
    server.on('connection', (socket) => this.accept(socket));
  }

  /** A gate listening in `dir`; it fails (as `listen` does) when its path is too long for a socket. */
  static async listen(dir: string, engineSocket: string): Promise<EngineGate> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await chmod(dir, 0o700);
    const server = net.createServer({ allowHalfOpen: true });
    const gate = new EngineGate(
      server,
      path.join(dir, `${randomBytes(6).toString('hex')}.sock`),
      engineSocket,
    );
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(gate.socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
    await chmod(gate.socketPath, 0o600);
    return gate;
  }

  /**
   * Removes the socket files of gates nobody listens on any more (an agent that crashed leaves its
   * gates' files behind); a gate still listening, or anything that is not a socket, stays.
   */
  static async removeStale(dir: string): Promise<void> {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return; // no gates folder yet
    }
    for (const name of names.filter((entry) => entry.endsWith('.sock'))) {
      const file = path.join(dir, name);
      if (await nobodyListens(file)) await rm(file, { force: true });
    }
  }

  /** DOCKER_HOST form of the gate. */
  get url(): string {
    return `unix://${this.socketPath}`;
  }

  /** How long the oldest held request has been waiting (0 when none waits). */
  heldFor(now = Date.now()): number {
    let oldest = now;
    for (const connection of this.held) oldest = Math.min(oldest, connection.heldSince ?? now);
    return now - oldest;
  }

  /** From now on compose reaches the engine: the held requests first. */
  open(): void {
    this.opened = true;
    for (const connection of this.held) connection.open();
    this.held.clear();
  }

  /** Stops listening (the socket file goes) and drops every connection. */
  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    this.held.clear();
    await closed;
  }

  private accept(socket: net.Socket): void {
    this.track(socket);
    if (this.opened) {
      socket.pipe(this.connectEngine(socket));
      return;
    }
    const connection = new HeldConnection(
      socket,
      () => this.connectEngine(socket),
      () => {
        this.firstHeldAt ??= Date.now();
      },
    );
    this.held.add(connection);
    socket.on('close', () => this.held.delete(connection));
  }

  /** A connection to the engine whose answers go to `socket`; each side's end is passed on. */
  private connectEngine(socket: net.Socket): net.Socket {
    const engine = net.connect({ path: this.engineSocket, allowHalfOpen: true });
    this.track(engine);
    const drop = () => {
      socket.destroy();
      engine.destroy();
    };
    socket.on('error', drop);
    engine.on('error', drop);
    // A side that is gone ends the other once it has written.
    socket.on('close', () => engine.end());
    engine.on('close', () => socket.end());
    engine.pipe(socket);
    return engine;
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }
}

/** Request heads longer than this are not read as look-ups: held. */
const MAX_HEAD_BYTES = 64 * 1024;

/**
 * A compose connection made before its gate opened: its look-ups go to the engine one by one (a
 * Docker client sends a request once the previous answer came), the first request that is not one
 * stops reading and waits, with what follows it, for `open`.
 */
class HeldConnection {
  private pending = Buffer.alloc(0);
  private engine: net.Socket | null = null;
  /** When a request started waiting for `open`. */
  heldSince: number | null = null;

  constructor(
    private readonly socket: net.Socket,
    private readonly connectEngine: () => net.Socket,
    private readonly onHeld: () => void,
  ) {
    socket.on('data', this.received);
    socket.on('end', () => this.engine?.end());
  }

  /** Whatever waits goes to the engine, then the connection is piped. */
  open(): void {
    this.socket.off('data', this.received);
    this.engine ??= this.connectEngine();
    if (this.pending.length > 0) this.engine.write(this.pending);
    this.pending = Buffer.alloc(0);
    this.socket.pipe(this.engine);
  }

  private readonly received = (chunk: Buffer): void => {
    this.pending = Buffer.concat([this.pending, chunk]);
    while (this.heldSince === null) {
      const headEnd = this.pending.indexOf('\r\n\r\n');
      if (headEnd < 0 && this.pending.length <= MAX_HEAD_BYTES) return; // the rest of the head follows
      const head = headEnd < 0 ? null : this.pending.subarray(0, headEnd + 4);
      if (!head || !isLookUp(head.toString('latin1'))) {
        this.heldSince = Date.now();
        this.socket.pause();
        this.onHeld();
        return;
      }
      this.engine ??= this.connectEngine();
      this.engine.write(head);
      this.pending = this.pending.subarray(head.length);
    }
  };
}

/**
 * A request that changes nothing in the engine: GET or HEAD without a body, and not an attach (a
 * GET that may become a stream to a container's input).
 */
function isLookUp(head: string): boolean {
  const [requestLine = '', ...headers] = head.split('\r\n');
  const [method = '', target = ''] = requestLine.split(' ');
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (/\/attach\b/.test(target)) return false;
  return !headers.some((header) => /^(content-length:\s*0*[1-9]|transfer-encoding:|upgrade:)/i.test(header));
}

/** True when connecting to the socket file is refused: the process that made it is gone. */
function nobodyListens(file: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect({ path: file });
    probe.once('connect', () => {
      probe.destroy();
      resolve(false);
    });
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}
