import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '../config.js';
import { registerErrorHandler } from '../http/error-handler.js';
import { IMMUTABLE, NO_STORE, REVALIDATE } from './cache-policy.js';
import { registerDashboard } from './static.js';

let app: FastifyInstance;
let root: string;
let releasesDir: string;

function write(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

before(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dockhand-dashboard-'));
  const hostDist = path.join(root, 'host');
  releasesDir = path.join(root, 'releases');
  write(
    path.join(hostDist, 'index.html'),
    '<!doctype html><div id="root"></div><script defer src="/main.5f0c2a7e91.js"></script>',
  );
  write(path.join(hostDist, 'main.5f0c2a7e91.js'), 'import("./bootstrap")');
  // An unhashed file (a development build's entry is named so).
  write(path.join(hostDist, 'main.js'), 'import("./bootstrap")');
  write(
    path.join(hostDist, 'preload.json'),
    JSON.stringify({
      login: ['113.41273d0bd8.js', '793.148382a688.js'],
      signedIn: [
        '113.41273d0bd8.js',
        '347.f86202f01d.js',
        'assets/chakra-global.db78e999ce.css',
        '../../etc/passwd',
        'x.js>; rel=prefetch',
        'assets/../x.css',
      ],
    }),
  );
  write(path.join(hostDist, '113.41273d0bd8.js'), '/* chunk */');
  write(path.join(hostDist, 'assets', 'chakra-global.db78e999ce.css'), 'body{margin:0}');
  // The build's precompressed siblings (shared/webpack/PrecompressPlugin.cjs).
  fs.writeFileSync(path.join(hostDist, 'main.js.gz'), gzipSync('import("./bootstrap")'));
  fs.writeFileSync(path.join(hostDist, '113.41273d0bd8.js.gz'), gzipSync('/* chunk */'));
  write(path.join(releasesDir, 'mfe-catalog', '1.4.0', 'remoteEntry.js'), 'var mfe_catalog;');
  fs.writeFileSync(
    path.join(releasesDir, 'mfe-catalog', '1.4.0', 'remoteEntry.js.gz'),
    gzipSync('var mfe_catalog;'),
  );
  write(path.join(releasesDir, 'mfe-catalog', '1.4.0', 'mf-manifest.json'), '{}');
  write(path.join(releasesDir, 'mfe-catalog', '1.4.0', '525.68586625e0.js'), '/* chunk */');
  app = Fastify();
  registerErrorHandler(app);
  await registerDashboard(
    app,
    loadConfig({ HOST_DIST_DIR: hostDist, RELEASES_DIR: releasesDir, DATA_DIR: root }),
  );
});

after(async () => {
  await app.close();
  fs.rmSync(root, { recursive: true, force: true });
});

test('the page arrives with preload links for the scripts and styles of the route it will show', async () => {
  const visitor = await app.inject({ url: '/' });
  assert.equal(
    visitor.headers.link,
    '</113.41273d0bd8.js>; rel=preload; as=script, </793.148382a688.js>; rel=preload; as=script',
  );
  const signedIn = await app.inject({
    url: '/',
    headers: { cookie: 'theme=dark; access_token=abc.def.ghi' },
  });
  // Only plain script names and stylesheets among the assets from the build's list make it into the header.
  assert.equal(
    signedIn.headers.link,
    '</113.41273d0bd8.js>; rel=preload; as=script, </347.f86202f01d.js>; rel=preload; as=script, ' +
      '</assets/chakra-global.db78e999ce.css>; rel=preload; as=style',
  );
  assert.equal((await app.inject({ url: '/main.js' })).headers.link, undefined);
});

test('the host index is never cached; its hashed entry and chunks are immutable', async () => {
  const index = await app.inject({ url: '/' });
  assert.equal(index.statusCode, 200);
  assert.match(index.body, /id="root"/);
  assert.equal(index.headers['cache-control'], NO_STORE);
  const hostEntry = await app.inject({ url: '/main.5f0c2a7e91.js' });
  assert.equal(hostEntry.statusCode, 200);
  assert.equal(hostEntry.headers['cache-control'], IMMUTABLE);
  assert.notEqual((await app.inject({ url: '/main.js' })).headers['cache-control'], IMMUTABLE);
  assert.equal((await app.inject({ url: '/113.41273d0bd8.js' })).headers['cache-control'], IMMUTABLE);
  const stylesheet = await app.inject({ url: '/assets/chakra-global.db78e999ce.css' });
  assert.equal(stylesheet.statusCode, 200);
  assert.match(String(stylesheet.headers['content-type']), /^text\/css/);
  assert.equal(stylesheet.headers['cache-control'], IMMUTABLE);
});

test('released remotes are served from their versioned folder with CORS', async () => {
  const entry = await app.inject({ url: '/remotes/mfe-catalog/1.4.0/remoteEntry.js' });
  assert.equal(entry.statusCode, 200);
  assert.equal(entry.headers['cache-control'], NO_STORE);
  const manifest = await app.inject({ url: '/remotes/mfe-catalog/1.4.0/mf-manifest.json' });
  assert.equal(manifest.headers['access-control-allow-origin'], '*');
  const chunk = await app.inject({ url: '/remotes/mfe-catalog/1.4.0/525.68586625e0.js' });
  assert.equal(chunk.headers['cache-control'], IMMUTABLE);
  assert.equal((await app.inject({ url: '/remotes/mfe-catalog/9.9.9/remoteEntry.js' })).statusCode, 404);
});

test('the remotes manifest is read fresh on every request, and only through /remotes.json', async () => {
  const missing = await app.inject({ url: '/remotes.json' });
  assert.equal(missing.statusCode, 404);
  assert.equal(missing.json().success, false);

  write(path.join(releasesDir, 'remotes.json'), '{"remotes":{}}');
  const first = await app.inject({ url: '/remotes.json' });
  assert.equal(first.statusCode, 200);
  assert.deepEqual(first.json(), { remotes: {} });
  assert.equal(first.headers['cache-control'], NO_STORE);
  assert.equal(first.headers['access-control-allow-origin'], '*');
  write(path.join(releasesDir, 'remotes.json'), '{"remotes":{"mfe-catalog":{}}}');
  assert.deepEqual((await app.inject({ url: '/remotes.json' })).json(), { remotes: { 'mfe-catalog': {} } });

  assert.equal((await app.inject({ url: '/remotes/remotes.json' })).statusCode, 404);
  assert.equal((await app.inject({ url: '/remotes/../releases/remotes.json' })).statusCode, 404);
});

test('a precompressed file is sent gzip-encoded to a browser that accepts it, plain otherwise', async () => {
  const gzipped = await app.inject({ url: '/main.js', headers: { 'accept-encoding': 'gzip, deflate' } });
  assert.equal(gzipped.statusCode, 200);
  assert.equal(gzipped.headers['content-encoding'], 'gzip');
  assert.match(String(gzipped.headers.vary), /accept-encoding/i);
  assert.match(String(gzipped.headers['content-type']), /javascript/);
  assert.equal(gunzipSync(gzipped.rawPayload).toString(), 'import("./bootstrap")');

  const plain = await app.inject({ url: '/main.js', headers: { 'accept-encoding': 'identity' } });
  assert.equal(plain.statusCode, 200);
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.match(String(plain.headers.vary), /accept-encoding/i);
  assert.equal(plain.body, 'import("./bootstrap")');
});

test('compressed files keep the cache rule of their original', async () => {
  const gzip = { 'accept-encoding': 'gzip' };
  const chunk = await app.inject({ url: '/113.41273d0bd8.js', headers: gzip });
  assert.equal(chunk.headers['content-encoding'], 'gzip');
  assert.equal(chunk.headers['cache-control'], IMMUTABLE);
  const unhashed = await app.inject({ url: '/main.js', headers: gzip });
  assert.equal(unhashed.headers['cache-control'], REVALIDATE);
  assert.ok(unhashed.headers.etag, 'an unhashed file revalidates with its ETag');
  const revalidated = await app.inject({
    url: '/main.js',
    headers: { ...gzip, 'if-none-match': String(unhashed.headers.etag) },
  });
  assert.equal(revalidated.statusCode, 304);
  const remoteEntry = await app.inject({ url: '/remotes/mfe-catalog/1.4.0/remoteEntry.js', headers: gzip });
  assert.equal(remoteEntry.headers['content-encoding'], 'gzip');
  assert.equal(remoteEntry.headers['cache-control'], NO_STORE);
  assert.equal(remoteEntry.headers['access-control-allow-origin'], '*');
});

test('hashed scripts and stylesheets are served from memory: read once, in the encoding the browser takes', async () => {
  const hostDist = path.join(root, 'host');
  const brotli = { 'accept-encoding': 'gzip, deflate, br' };
  // A chunk first asked for after the server started, with all three encodings on disk.
  write(path.join(hostDist, '347.f86202f01d.js'), '/* later chunk */');
  fs.writeFileSync(path.join(hostDist, '347.f86202f01d.js.gz'), gzipSync('/* later chunk */'));
  fs.writeFileSync(path.join(hostDist, '347.f86202f01d.js.br'), brotliCompressSync('/* later chunk */'));
  write(path.join(hostDist, '905.0c1d2e3f4a.js'), '/* lazy chunk */');
  const memoryApp = Fastify();
  registerErrorHandler(memoryApp);
  await registerDashboard(
    memoryApp,
    loadConfig({ HOST_DIST_DIR: hostDist, RELEASES_DIR: releasesDir, DATA_DIR: root }),
  );
  try {
    const first = await memoryApp.inject({ url: '/347.f86202f01d.js', headers: brotli });
    assert.equal(first.statusCode, 200);
    assert.equal(first.headers['content-encoding'], 'br');
    assert.match(String(first.headers.vary), /accept-encoding/i);
    assert.equal(first.headers['cache-control'], IMMUTABLE);
    assert.match(String(first.headers['content-type']), /^application\/javascript/);
    assert.equal(brotliDecompressSync(first.rawPayload).toString(), '/* later chunk */');

    // Read once: the copy on disk is no longer looked at for that encoding.
    fs.writeFileSync(path.join(hostDist, '347.f86202f01d.js.br'), brotliCompressSync('/* changed */'));
    const again = await memoryApp.inject({ url: '/347.f86202f01d.js', headers: brotli });
    assert.equal(brotliDecompressSync(again.rawPayload).toString(), '/* later chunk */');

    const gzipped = await memoryApp.inject({
      url: '/347.f86202f01d.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    assert.equal(gzipped.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gzipped.rawPayload).toString(), '/* later chunk */');
    const plain = await memoryApp.inject({ url: '/347.f86202f01d.js' });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, '/* later chunk */');

    // A hashed file with no compressed sibling is sent plain to everyone.
    const css = await memoryApp.inject({ url: '/assets/chakra-global.db78e999ce.css', headers: brotli });
    assert.equal(css.headers['content-encoding'], undefined);
    assert.equal(css.headers.vary, undefined);
    assert.match(String(css.headers['content-type']), /^text\/css/);
    assert.equal(css.body, 'body{margin:0}');

    // Removed from under the running server before its first request: not found, and the read
    // is tried again on the next request.
    fs.rmSync(path.join(hostDist, '905.0c1d2e3f4a.js'));
    assert.equal((await memoryApp.inject({ url: '/905.0c1d2e3f4a.js' })).statusCode, 404);
    write(path.join(hostDist, '905.0c1d2e3f4a.js'), '/* back */');
    assert.equal((await memoryApp.inject({ url: '/905.0c1d2e3f4a.js' })).body, '/* back */');
  } finally {
    await memoryApp.close();
  }
});
