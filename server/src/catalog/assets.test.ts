import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerErrorHandler } from '../http/error-handler.js';
import { registerCatalogAssets } from './assets.js';
import { SHIPPED_CATALOG_DIR, removeCatalogRoots, writeCatalogRoot } from '../test/test-catalog.js';

let app: FastifyInstance;
let extraRoot: string;

before(async () => {
  extraRoot = writeCatalogRoot({});
  fs.writeFileSync(
    path.join(extraRoot, 'assets', 'local-test.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  fs.writeFileSync(path.join(extraRoot, 'secret.svg'), '<svg>outside the assets folder</svg>');
  fs.symlinkSync(path.join(extraRoot, 'secret.svg'), path.join(extraRoot, 'assets', 'escape.svg'));
  app = Fastify();
  registerErrorHandler(app);
  registerCatalogAssets(app, { catalogDir: SHIPPED_CATALOG_DIR, catalogExtraDir: extraRoot });
  await app.ready();
});

after(async () => {
  await app.close();
  removeCatalogRoots();
});

test('serves a logo as cacheable SVG that cannot run scripts', async () => {
  const response = await app.inject({ method: 'GET', url: '/catalog-assets/nextcloud.svg' });
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers['content-type'], 'image/svg+xml');
  assert.match(String(response.headers['cache-control']), /public, max-age=\d+/);
  assert.match(String(response.headers['content-security-policy']), /default-src 'none'/);
  assert.equal(response.headers['x-content-type-options'], 'nosniff');
  assert.equal(
    response.body,
    fs.readFileSync(path.join(SHIPPED_CATALOG_DIR, 'assets', 'nextcloud.svg'), 'utf8'),
  );

  const etag = String(response.headers.etag);
  const again = await app.inject({
    method: 'GET',
    url: '/catalog-assets/nextcloud.svg',
    headers: { 'if-none-match': etag },
  });
  assert.equal(again.statusCode, 304);
  assert.equal(again.body, '');
});

test('serves the fallback image and assets of the extra catalog folder', async () => {
  const fallback = await app.inject({ method: 'GET', url: '/catalog-assets/fallback.svg' });
  assert.equal(fallback.statusCode, 200);
  const local = await app.inject({ method: 'GET', url: '/catalog-assets/local-test.svg' });
  assert.equal(local.statusCode, 200);
  assert.equal(local.body, '<svg xmlns="http://www.w3.org/2000/svg"/>');
});

test('refuses path traversal in every spelling', async () => {
  const attempts = [
    '/catalog-assets/..%2F..%2Fpackage.json',
    '/catalog-assets/..%2fsecret.svg',
    '/catalog-assets/%2E%2E%2Fsecret.svg',
    '/catalog-assets/..%5Csecret.svg',
    '/catalog-assets/%2Fetc%2Fpasswd',
    '/catalog-assets/..',
    '/catalog-assets/../templates/nextcloud/template.json',
    '/catalog-assets/nextcloud.svg%00.json',
  ];
  for (const url of attempts) {
    const response = await app.inject({ method: 'GET', url });
    assert.ok([400, 404].includes(response.statusCode), `${url} gave ${response.statusCode}`);
    assert.equal(response.json().success, false, url);
    assert.doesNotMatch(response.body, /outside the assets folder|"name"/, url);
  }
});

test('a symlink leading out of the assets folder is not followed', async () => {
  const response = await app.inject({ method: 'GET', url: '/catalog-assets/escape.svg' });
  assert.equal(response.statusCode, 404);
  assert.equal(response.json().message, 'Asset not found');
});

test('unknown files and types give clear errors', async () => {
  const missing = await app.inject({ method: 'GET', url: '/catalog-assets/nothing-here.svg' });
  assert.equal(missing.statusCode, 404);
  assert.deepEqual(missing.json(), { success: false, message: 'Asset not found' });
  const wrongType = await app.inject({ method: 'GET', url: '/catalog-assets/template.json' });
  assert.equal(wrongType.statusCode, 400);
  assert.deepEqual(wrongType.json(), { success: false, message: 'Invalid asset name' });
});
