// The expose extension on the real engine (issue 16): the shipped Caddy template (run on the local
// stand-in image of scripts/build-caddy-image.sh) exposes busybox httpd apps by domain with its
// internal certificate authority, and Expose Port publishes a host port. Fetched with curl
// exactly as a user would, with the proxy's own root certificate.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { connect } from 'node:tls';
import { after, test } from 'node:test';
import { ExtensionText, type Exposure } from 'contract';
import { runCommand } from '../docker/run-command.js';
import { appTestBench, labelledLeftovers, NO_LEFTOVERS } from '../test/docker-fixtures.js';
import {
  buildCaddyImage,
  proxyDeployment as proxyOf,
  viaProxy,
  webApp as webAppOf,
} from '../test/expose-fixtures.js';
import type { AppManager } from './app-manager.js';

const caddyTag = `dockhand-test-${process.pid}`;
const HTTP_PORT = 18400 + (process.pid % 500);
const APP_PORT = HTTP_PORT + 1;

let apps: AppManager;
let scratch = '';
const bench = appTestBench('expose', {
  ready: async (ready) => {
    apps = ready.apps();
    scratch = await mkdtemp(path.join(os.tmpdir(), 'dh-expose-'));
    await buildCaddyImage(caddyTag);
  },
  extraImages: () => [`caddy:${caddyTag}`],
});
after(() => rm(scratch, { recursive: true, force: true }));

/** The Caddy catalog template with the proxy's HTTPS on the host's 443 (what `curl --resolve` reaches). */
const proxyDeployment = () => proxyOf(caddyTag, { http: HTTP_PORT, https: 443 });
const webApp = (appId: string, exposure?: Exposure) => webAppOf(bench.image, appId, exposure);

/** The proxy's internal root certificate, copied out of its data volume. */
async function rootCertificate(): Promise<string> {
  const target = path.join(scratch, 'root.crt');
  const copied = await runCommand('docker', [
    'cp',
    `${bench.prefix}proxy_caddy_1:/data/caddy/pki/authorities/local/root.crt`,
    target,
  ]);
  if (copied.exitCode !== 0) {
    // compose v2 names containers with '-'
    const v2 = await runCommand('docker', [
      'cp',
      `${bench.prefix}proxy-caddy-1:/data/caddy/pki/authorities/local/root.crt`,
      target,
    ]);
    assert.equal(v2.exitCode, 0, v2.stderr);
  }
  return target;
}

/** `curl --resolve domain:443:127.0.0.1 --cacert root https://domain/`: status and body, retried while the route settles. */
async function fetchHttps(domain: string, settle = true): Promise<{ status: string; body: string }> {
  const ca = await rootCertificate();
  let last = { status: '', body: '' };
  for (let attempt = 0; attempt < (settle ? 20 : 1); attempt += 1) {
    const result = await runCommand('curl', [
      '-sS',
      '--max-time',
      '5',
      '--resolve',
      `${domain}:443:127.0.0.1`,
      '--cacert',
      ca,
      '-w',
      '\n%{http_code}',
      `https://${domain}/`,
    ]);
    const lines = result.stdout.split('\n');
    last = {
      status: result.exitCode === 0 ? (lines.pop() ?? '') : `curl exit ${result.exitCode}`,
      body: lines.join('\n').trimEnd(),
    };
    if (last.status === '200') return last;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return last;
}

/** SHA-256 fingerprint of the certificate the proxy presents for `domain`. */
async function certificateFingerprint(domain: string): Promise<string> {
  const ca = readFileSync(await rootCertificate());
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: 443, servername: domain, ca }, () => {
      resolve(socket.getPeerCertificate().fingerprint256);
      socket.end();
    });
    socket.once('error', reject);
  });
}

test('an app exposed through the Caddy proxy answers over HTTPS at its domain; a second app at its own', async () => {
  await apps.deploy(proxyDeployment());
  await apps.deploy(webApp('blog', viaProxy('blog.test')));
  assert.deepEqual(await fetchHttps('blog.test'), { status: '200', body: 'hello from blog' });

  await apps.deploy(webApp('shop', viaProxy('shop.test', 'www.shop.test')));
  assert.deepEqual(await fetchHttps('shop.test'), { status: '200', body: 'hello from shop' });
  assert.deepEqual(await fetchHttps('www.shop.test'), { status: '200', body: 'hello from shop' });
  assert.deepEqual(await fetchHttps('blog.test'), { status: '200', body: 'hello from blog' });
  const redirect = await runCommand('curl', [
    '-sS',
    '-o',
    '/dev/null',
    '-w',
    '%{http_code} %{redirect_url}',
    '--resolve',
    `blog.test:${HTTP_PORT}:127.0.0.1`,
    `http://blog.test:${HTTP_PORT}/`,
  ]);
  assert.equal(redirect.stdout, '308 https://blog.test/', 'HTTP redirects to HTTPS');
});

test("None removes the route (the other app keeps answering); the user's compose file is untouched", async () => {
  await apps.deploy(webApp('blog'));
  assert.notEqual((await fetchHttps('blog.test', false)).status, '200');
  assert.deepEqual(await fetchHttps('shop.test'), { status: '200', body: 'hello from shop' });
  const project = path.join(bench.dir, 'apps', 'blog', 'project', 'compose.yml');
  assert.equal(readFileSync(project, 'utf8'), webApp('blog').files[0]?.content);
});

test('redeploying the proxy keeps its certificates: the same certificate before and after', async () => {
  const before = await certificateFingerprint('shop.test');
  await apps.deploy(proxyDeployment(), 'redeploy');
  assert.deepEqual(await fetchHttps('shop.test'), { status: '200', body: 'hello from shop' });
  assert.equal(await certificateFingerprint('shop.test'), before);
});

test('Expose Port publishes the service on the chosen host port', async () => {
  await apps.deploy(webApp('api', { kind: 'port', service: 'web', port: 8080, host_port: APP_PORT }));
  const answer = await runCommand('curl', ['-sS', '-w', '\n%{http_code}', `http://127.0.0.1:${APP_PORT}/`]);
  assert.equal(answer.stdout, 'hello from api\n\n200');
});

test('a host port in use (by another app or by any process) and a bad domain are refused, leaving nothing', async () => {
  const taken = await apps
    .deploy(webApp('api2', { kind: 'port', service: 'web', port: 8080, host_port: APP_PORT }))
    .then(
      () => 'deployed',
      (error: Error) => error.message,
    );
  assert.ok(taken.startsWith(ExtensionText.hostPortInUse(APP_PORT)), taken);
  assert.deepEqual(await labelledLeftovers(`${bench.prefix}api2`), NO_LEFTOVERS);

  const holder: Server = createServer();
  await new Promise<void>((resolve) => holder.listen(APP_PORT + 1, '0.0.0.0', resolve));
  try {
    const busy = await apps
      .deploy(webApp('api3', { kind: 'port', service: 'web', port: 8080, host_port: APP_PORT + 1 }))
      .then(
        () => 'deployed',
        (error: Error) => error.message,
      );
    assert.ok(busy.startsWith(ExtensionText.hostPortInUse(APP_PORT + 1)), busy);
  } finally {
    holder.close();
  }

  const injected = 'evil.test {\n\trespond hacked\n}\nx.test';
  const bad = await apps.deploy(webApp('bad', viaProxy(injected))).then(
    () => 'deployed',
    (error: Error) => error.message,
  );
  assert.ok(bad.startsWith(ExtensionText.domainSyntax(injected)), bad);
  assert.deepEqual(await labelledLeftovers(`${bench.prefix}bad`), NO_LEFTOVERS);
});

test('deleting the proxy lets go of the apps exposed through it: they keep running, unexposed, and deploy again', async () => {
  const shopContainer = async () => {
    const listed = await runCommand('docker', [
      'ps',
      '-q',
      '--filter',
      `label=com.docker.compose.project=${bench.prefix}shop`,
    ]);
    return listed.stdout.trim();
  };
  const before = await shopContainer();
  await apps.delete('proxy');
  assert.deepEqual(await labelledLeftovers(`${bench.prefix}proxy`), NO_LEFTOVERS, 'its network went too');
  assert.equal(await shopContainer(), before, 'the exposed app keeps running');
  const networks = await runCommand('docker', [
    'inspect',
    '--format',
    '{{range $name, $_ := .NetworkSettings.Networks}}{{$name}} {{end}}',
    before,
  ]);
  assert.ok(!networks.stdout.includes(`${bench.prefix}proxy-expose`), networks.stdout);
  const overrideFile = path.join(bench.dir, 'apps', 'shop', 'expose.override.yml');
  assert.equal(existsSync(overrideFile), false, 'its override file is gone');

  // The server sends it unexposed from now on (its value reads as None); the deploy needs no proxy.
  await apps.deploy(webApp('shop'), 'redeploy');
  assert.ok(await shopContainer(), 'the app runs again after a redeploy');
});
