/**
 * The agent socket's route: an upgrade to it opens a WebSocket that knows the caller's address
 * (through a trusted proxy too); an upgrade the edge refuses, or one sent to another URL, gets an
 * HTTP answer and is closed; a plain GET finds nothing; stopping the server closes open sockets.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { registerWebSocketRoute } from './websocket-route.js';

async function startApp(): Promise<{ app: FastifyInstance; base: string }> {
  const app = Fastify({ trustProxy: true });
  // An edge hook, as the real edge has: it refuses what it must before any route runs.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.headers['x-refuse']) return void reply.code(401).send({ refused: true });
    done();
  });
  registerWebSocketRoute(app, '/socket', { maxPayload: 1024 }, (socket, request) => {
    socket.send(`hello ${request.ip}`);
    socket.on('message', (data) => socket.send(`echo ${String(data)}`));
  });
  app.get('/plain', async () => ({ plain: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, base: `127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** Resolves to the HTTP status an upgrade was answered with instead of a socket. */
async function refusedUpgrade(url: string, headers: Record<string, string> = {}): Promise<number> {
  const socket = new WebSocket(url, { headers });
  socket.on('error', () => {}); // ws reports the refused upgrade as an error too
  const [, response] = (await once(socket, 'unexpected-response')) as [unknown, { statusCode: number }];
  socket.terminate();
  return response.statusCode;
}

describe('a WebSocket route', () => {
  let app: FastifyInstance;
  let base: string;
  before(async () => ({ app, base } = await startApp()));
  after(() => app.close());

  test('an upgrade opens a socket that knows who called, through a trusted proxy too', async () => {
    const socket = new WebSocket(`ws://${base}/socket`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    const [greeting] = (await once(socket, 'message')) as [Buffer];
    assert.equal(String(greeting), 'hello 203.0.113.7');
    socket.send('ping');
    const [echo] = (await once(socket, 'message')) as [Buffer];
    assert.equal(String(echo), 'echo ping');
    socket.close();
    await once(socket, 'close');
  });

  test('a frame over the size limit closes the socket', async () => {
    const socket = new WebSocket(`ws://${base}/socket`);
    await once(socket, 'message');
    socket.send('x'.repeat(2048));
    const [code] = (await once(socket, 'close')) as [number];
    assert.equal(code, 1009); // message too big
  });

  test('the edge judges an upgrade like any request', async () => {
    assert.equal(await refusedUpgrade(`ws://${base}/socket`, { 'x-refuse': '1' }), 401);
  });

  test('an upgrade sent to another URL gets that URL’s answer, and no socket', async () => {
    assert.equal(await refusedUpgrade(`ws://${base}/plain`), 200);
    assert.equal(await refusedUpgrade(`ws://${base}/nowhere`), 404);
  });

  test('the server closes a refused upgrade’s connection once its whole answer is out', async () => {
    const [host, port] = base.split(':');
    const connection = connect(Number(port), host);
    connection.write(
      'GET /plain HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
        'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    let received = '';
    connection.on('data', (chunk: Buffer) => (received += String(chunk)));
    await once(connection, 'close');
    assert.match(received, /^HTTP\/1\.1 200 /);
    assert.ok(received.endsWith('{"plain":true}'), received);
  });

  test('a plain GET of the socket URL finds nothing', async () => {
    const response = await fetch(`http://${base}/socket`);
    assert.equal(response.status, 404);
  });
});

test('stopping the server closes the sockets it holds', async () => {
  const { app, base } = await startApp();
  const socket = new WebSocket(`ws://${base}/socket`);
  await once(socket, 'message');
  const closed = once(socket, 'close');
  await app.close();
  const [code] = (await closed) as [number];
  assert.equal(code, 1001);
});
