// Route changes never interrupt the other apps (issue 16): adding and removing one app's route is a
// graceful `caddy reload` inside the running proxy, never a restart, and steady streams of HTTPS
// requests to another app through the same proxy (kept-alive, and a new connection each) all
// succeed meanwhile. On the real engine
// with the shipped Caddy template on the local stand-in image.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { appTestBench } from '../test/docker-fixtures.js';
import {
  buildCaddyImage,
  firstOk,
  freePort,
  proxyContainer,
  proxyDeployment,
  proxyListenCounters,
  proxyRootCertificate,
  requestStream,
  viaProxy,
  webApp,
  type HttpsTarget,
} from '../test/expose-fixtures.js';
import { DockerEngine } from '../docker/engine.js';
import type { AppManager } from './app-manager.js';
import { AppStore } from './app-store.js';
import { ProxyRoutes } from './exposure.js';

const caddyTag = `dockhand-test-reload-${process.pid}`;
/** Route put and removed this many times (two reloads each) while the streams run. */
const ROUTE_ROUNDS = 15;
let apps: AppManager;
let scratch = '';
const bench = appTestBench('exposereload', {
  ready: async (ready) => {
    apps = ready.apps();
    scratch = await mkdtemp(path.join(os.tmpdir(), 'dh-expose-reload-'));
    await buildCaddyImage(caddyTag);
  },
  extraImages: () => [`caddy:${caddyTag}`],
});
after(() => rm(scratch, { recursive: true, force: true }));

test("adding and removing one app's route neither restarts the proxy nor interrupts another app's traffic", async () => {
  const httpsPort = await freePort();
  await apps.deploy(proxyDeployment(caddyTag, { http: await freePort(), https: httpsPort }));
  await apps.deploy(webApp(bench.image, 'steady', viaProxy('steady.test')));
  const proxy = await proxyContainer(`${bench.prefix}proxy`);
  const ca = await proxyRootCertificate(proxy.id, path.join(scratch, 'root.crt'));
  await firstOk('steady.test', { port: httpsPort, ca });

  const keepAlive = new https.Agent({ keepAlive: true, maxSockets: 1 });
  const target = (agent: HttpsTarget['agent']): HttpsTarget => ({ port: httpsPort, ca, agent });
  const streams = {
    'new connection per request': requestStream('steady.test', target(false)),
    'kept-alive connection': requestStream('steady.test', target(keepAlive)),
  };
  const stopped = () => Promise.all(Object.values(streams).map((stream) => stream.stop()));
  let failure: unknown = null;
  try {
    // As a user does it: the other app exposed and unexposed by deploys (2 reloads)...
    await apps.deploy(webApp(bench.image, 'other', viaProxy('other.test')));
    await firstOk('other.test', { port: httpsPort, ca });
    await apps.deploy(webApp(bench.image, 'other'));
    // ...then its route alone, put and removed many times (a deploy takes seconds; a reload less).
    const routes = new ProxyRoutes(new DockerEngine('/var/run/docker.sock'));
    const proxyTarget = {
      appId: 'proxy',
      projectName: `${bench.prefix}proxy`,
      projectDir: new AppStore(path.join(bench.dir, 'apps')).projectDir('proxy'),
      service: 'caddy',
    };
    for (let round = 0; round < ROUTE_ROUNDS; round += 1) {
      await routes.put(proxyTarget, 'other', viaProxy('other.test'), `${bench.prefix}other`);
      await routes.remove(proxyTarget, 'other');
    }
  } catch (error) {
    failure = error;
  }
  const [fresh, kept] = await stopped();
  keepAlive.destroy();
  if (failure) throw failure;
  assert.equal((await proxyContainer(`${bench.prefix}proxy`)).startedAt, proxy.startedAt, 'never restarted');
  assert.ok(kept!.total > 20 && fresh!.total > 20, 'steady streams');
  const counters = kept!.failed || fresh!.failed ? `; proxy: ${await proxyListenCounters(proxy.id)}` : '';
  assert.deepEqual(
    [kept!.failed, kept!.reasons],
    [0, []],
    `no request on a kept-alive connection failed${counters}`,
  );
  // Nor one on a new connection: each site finds its certificate while the reload swaps the
  // configuration (on demand, from the proxy's storage), and a connection still queued on the old
  // listening socket moves to the new one (net.ipv4.tcp_migrate_req) instead of being reset.
  assert.deepEqual(
    [fresh!.failed, fresh!.reasons],
    [0, []],
    `no request on a new connection failed${counters}`,
  );
});
