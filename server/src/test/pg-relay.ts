/**
 * A TCP relay to PostgreSQL that a test can cut, as an outage looks from the server, or on which
 * it can stall the connections of one application (by their `application_name`): they stay open
 * and the server's bytes stop reaching them, as a network that died without a word.
 */
import net from 'node:net';

export interface PgRelay {
  port: number;
  /** The connections of `applicationName`, open now and later, get nothing more from the server. */
  stall(applicationName: string): void;
  /** New connections of `applicationName` flow again (those already stalled stay so). */
  unstall(applicationName: string): void;
  /** Cuts every connection and stops listening. */
  stop(): Promise<void>;
}

/** The application name in a connection's startup message, if its first bytes carry one. */
function applicationNameIn(firstBytes: Buffer): string | undefined {
  return /application_name\0([^\0]*)\0/.exec(firstBytes.toString('latin1'))?.[1];
}

export async function startRelay(target: { host: string; port: number }, port = 0): Promise<PgRelay> {
  const sockets = new Set<net.Socket>();
  const connections = new Set<{ application?: string; stall(): void }>();
  const stalled = new Set<string>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    const connection = {
      application: undefined as string | undefined,
      stall: () => {
        upstream.unpipe(client);
        upstream.pause();
      },
    };
    connections.add(connection);
    client.once('close', () => connections.delete(connection));
    client.once('data', (firstBytes: Buffer) => {
      connection.application = applicationNameIn(firstBytes);
      if (connection.application && stalled.has(connection.application)) connection.stall();
    });
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    stall(applicationName) {
      stalled.add(applicationName);
      for (const connection of connections) {
        if (connection.application === applicationName) connection.stall();
      }
    },
    unstall(applicationName) {
      stalled.delete(applicationName);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
