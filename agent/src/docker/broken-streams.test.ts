import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { readProjectLogs } from '../apps/logs.js';
import { DockerEngine } from './engine.js';

/** A stand-in engine on a unix socket that answers with whatever a broken daemon might send. */
let dir: string;
let server: http.Server;
let engine: DockerEngine;
const routes = new Map<string, (res: http.ServerResponse) => void>();

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dh-broken-'));
  const socket = path.join(dir, 'docker.sock');
  server = http.createServer((req, res) => {
    const route = routes.get((req.url ?? '').split('?')[0] ?? '');
    if (route) route(res);
    else res.writeHead(404).end('{"message":"no such route"}');
  });
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  engine = new DockerEngine(socket);
});

after(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

function frame(stream: number, text: string, claimedSize?: number): Buffer {
  const body = Buffer.from(text);
  const header = Buffer.alloc(8);
  header[0] = stream;
  header.writeUInt32BE(claimedSize ?? body.length, 4);
  return Buffer.concat([header, body]);
}

test('malformed, split and endless lines in the event stream are skipped; the stream goes on', async () => {
  routes.set('/events', (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"status":"start","id":"a"}\n');
    res.write('this is not json\n');
    res.write('{"status":"di');
    res.write('e","id":"b"}\n{"trunc');
    res.write('ated": \n');
    res.write(`${'x'.repeat(1.5 * 1024 * 1024)}`);
    res.write('\n\u0000\u00ff{]\n');
    res.end('{"status":"stop","id":"c"}\n');
  });
  const events: unknown[] = [];
  const malformed: string[] = [];
  await new Promise<void>((resolve) => {
    engine.streamEvents(
      '/events',
      (event) => events.push(event),
      () => resolve(),
      (line) => malformed.push(line),
    );
  });
  assert.deepEqual(events, [
    { status: 'start', id: 'a' },
    { status: 'die', id: 'b' },
    { status: 'stop', id: 'c' },
  ]);
  assert.equal(malformed.length, 4, JSON.stringify(malformed.map((line) => line.slice(0, 20))));
  assert.ok(malformed.every((line) => line.length <= 200));
});

test('a broken log stream yields the readable lines, and an unreadable answer a clear error', async () => {
  routes.set('/containers/json', (res) => res.end('[{"Id":"abc","Names":["/app-web-1"]}]'));
  routes.set('/containers/abc/json', (res) => res.end('{"Config":{"Tty":false}}'));
  routes.set('/containers/abc/logs', (res) =>
    res.end(
      Buffer.concat([
        frame(1, '2026-11-25T10:00:00.123456789Z ready\n'),
        frame(2, 'no timestamp here\n\u0000\u0001garbage\n'),
        frame(1, '2026-11-25T10:00:01.000000000Z cut', 5000),
      ]),
    ),
  );
  const logs = await readProjectLogs(engine, 'app', { tail: 50 });
  assert.deepEqual(
    logs.logs.map((entry) => [entry.channel, entry.message]),
    [
      ['stdout', 'ready'],
      ['stdout', 'cut'],
    ],
  );
  routes.set('/containers/abc/json', (res) => res.end('{"Config": {'));
  await assert.rejects(
    readProjectLogs(engine, 'app', {}),
    /Docker engine sent an unreadable answer to GET \/containers\/abc\/json/,
  );
});
