import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

/**
 * A private engine socket for one compose command started before its deploy was admitted (see
 * held-command.ts): every connection to it is held, unanswered, until `open`, then piped to the
 * real engine. `close` drops every connection, so a command whose deploy is refused, fails or is
 * cancelled before `open` never reached Docker. The socket (0600) lives in the agent's gates folder
 * (0700), which admission refuses as an engine socket.
 */
export class EngineGate {
  private opened = false;
  /** When compose first connected (its start-up was over), if it did. */
  firstConnectionAt: number | null = null;
  /** Connections waiting for `open`, with when each arrived. */
  private readonly held = new Map<net.Socket, number>();
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
    const server = net.createServer({ pauseOnConnect: true, allowHalfOpen: true });
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

  /** How long the oldest connection has been held (0 when none waits). */
  heldFor(now = Date.now()): number {
    let oldest = now;
    for (const since of this.held.values()) oldest = Math.min(oldest, since);
    return now - oldest;
  }

  /** From now on compose reaches the engine: the held connections first. */
  open(): void {
    this.opened = true;
    for (const socket of this.held.keys()) this.pipe(socket);
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
    this.firstConnectionAt ??= Date.now();
    this.track(socket);
    socket.on('close', () => this.held.delete(socket));
    if (this.opened) this.pipe(socket);
    else this.held.set(socket, Date.now());
  }

  private pipe(socket: net.Socket): void {
    const engine = net.connect({ path: this.engineSocket, allowHalfOpen: true });
    this.track(engine);
    const drop = () => {
      socket.destroy();
      engine.destroy();
    };
    socket.on('error', drop);
    engine.on('error', drop);
    // Each side's end is passed on by pipe; a side that is gone ends the other once it has written.
    socket.on('close', () => engine.end());
    engine.on('close', () => socket.end());
    socket.pipe(engine);
    engine.pipe(socket);
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }
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
