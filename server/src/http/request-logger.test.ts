import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createTestDatabase } from '../test/test-app.js';

/** The lines two calls log for themselves (those with a request id), at `level`. */
async function requestLines(level: string): Promise<Array<{ msg: string; reqId?: string; level: number }>> {
  const database = await createTestDatabase();
  const lines: string[] = [];
  const app = await buildApp(loadConfig({ ...database.env, LOG_LEVEL: level }), {
    logStream: { write: (line) => void lines.push(line) },
  });
  try {
    lines.length = 0; // what startup logged
    for (let call = 0; call < 2; call += 1) {
      assert.equal((await app.inject({ method: 'GET', url: '/auth/user' })).statusCode, 401);
    }
  } finally {
    await app.close();
    await database.drop();
  }
  return lines
    .map((line) => JSON.parse(line) as { msg: string; reqId?: string; level: number })
    .filter((line) => line.reqId !== undefined);
}

test('at level info each call logs its request lines, tagged with its own request id', async () => {
  const lines = await requestLines('info');
  const incoming = lines.filter((line) => line.msg === 'incoming request');
  const completed = lines.filter((line) => line.msg === 'request completed');
  assert.equal(incoming.length, 2);
  assert.equal(completed.length, 2);
  assert.ok(incoming[0]!.reqId && incoming[1]!.reqId && incoming[0]!.reqId !== incoming[1]!.reqId);
  assert.deepEqual(
    completed.map((line) => line.reqId),
    incoming.map((line) => line.reqId),
  );
});

test('at level warn the same calls log nothing of their own', async () => {
  assert.deepEqual(await requestLines('warn'), []);
});
