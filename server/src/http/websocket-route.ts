/**
 * A WebSocket endpoint as one Fastify route, with nothing added to the other routes.
 *
 * An upgrade request goes through Fastify's router like any request (so the edge's hooks still
 * judge it) with the socket set aside; the route's handler then upgrades it. The route answers a
 * plain GET with 404, and an upgrade sent to any other URL gets that route's answer and is closed.
 * (@fastify/websocket does the same but hooks every route of the app, the status polls among
 * them, for the one socket endpoint we have.)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';

interface PendingUpgrade {
  /** What an HTTP server's 'upgrade' hands over is its net.Socket. */
  socket: Socket;
  head: Buffer;
}

export function registerWebSocketRoute(
  app: FastifyInstance,
  url: string,
  options: { maxPayload: number },
  onSocket: (socket: WebSocket, request: FastifyRequest) => void,
): void {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: options.maxPayload });
  const pending = new WeakMap<IncomingMessage, PendingUpgrade>();

  // Node stops guarding the socket before 'upgrade': a reset while the hooks run must not throw.
  function destroyOnError(this: Duplex) {
    this.destroy();
  }
  const onUpgrade = (raw: IncomingMessage, duplex: Duplex, head: Buffer) => {
    const socket = duplex as Socket;
    socket.on('error', destroyOnError);
    pending.set(raw, { socket, head });
    const response = new ServerResponse(raw);
    response.assignSocket(socket);
    // Answered over HTTP (refused by a hook, or not the socket URL): the socket closes once the
    // answer is out, as it has nothing more to carry.
    response.once('finish', () => socket.destroySoon());
    app.routing(raw, response);
  };
  app.server.on('upgrade', onUpgrade);

  app.get(url, (request, reply) => {
    const upgrade = pending.get(request.raw);
    if (!upgrade) return reply.code(404).send();
    reply.hijack();
    // ws guards the socket from here on.
    upgrade.socket.off('error', destroyOnError);
    sockets.handleUpgrade(request.raw, upgrade.socket, upgrade.head, (socket) => {
      // A broken or oversized frame ends that socket, never the process.
      socket.on('error', () => socket.terminate());
      onSocket(socket, request);
    });
  });

  app.addHook('preClose', (done) => {
    app.server.off('upgrade', onUpgrade);
    for (const socket of sockets.clients) socket.close(1001, 'server stopping');
    sockets.close(() => done());
  });
}
