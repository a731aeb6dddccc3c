#!/usr/bin/env node
// Expose figures (issue 16, no assertions): on the real engine, through the agent's own deploy code
// (AppManager, as the agent tests drive it) and the shipped Caddy template on the local stand-in
// image (scripts/build-caddy-image.sh):
//  - deploy → first HTTPS 200: a deploy with a new domain until the domain answers 200 over HTTPS
//    with a certificate from Caddy's internal CA (target 3 s), for a new app and for a running app
//    given one more domain; medians;
//  - route churn: a proxy serving BENCH_APPS (50) apps, a steady request stream to one of them
//    while BENCH_ROUTES (20) other apps' routes are removed and added back (target: 0 failed
//    requests); whether the proxy container was restarted.
// Usage: flock /tmp/docker.lock pnpm --filter bench expose   (BENCH_APPS, BENCH_ROUTES, BENCH_RUNS)
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../lib/harness.mjs';
import { ComposeRunner, detectComposeCli } from '../../agent/src/docker/compose.ts';
import { ProxyRoutes } from '../../agent/src/apps/exposure.ts';
import { loadOrCreateIdentity } from '../../agent/src/identity.ts';
import {
  buildBusyboxImage,
  removeImage,
  removeProjects,
  removeVolumes,
  testAppManager,
} from '../../agent/src/test/docker-fixtures.ts';
import {
  buildCaddyImage,
  firstOk,
  proxyContainer,
  proxyDeployment,
  proxyRootCertificate,
  requestStream,
  viaProxy,
  webApp as webAppOf,
} from '../../agent/src/test/expose-fixtures.ts';

const APPS = Number(process.env.BENCH_APPS ?? 50);
const ROUTES = Math.min(Number(process.env.BENCH_ROUTES ?? 20), APPS - 1);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** How often each request loop of the stream sends (ms between the end of one and the next). */
const STREAM_PAUSE_MS = 10;

const prefix = `dhbenchexpose${process.pid}-`;
const image = `dockhand-bench/busybox:expose${process.pid}`;
const caddyTag = `dhbench-${process.pid}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dh-bench-expose-'));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${Math.round(value)} ms`;

/** Runs `jobs` with at most `width` at a time. */
async function inParallel(jobs, width) {
  const queue = [...jobs];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) await job();
    }),
  );
}

/**
 * A busybox httpd app answering `hello from {id}`, exposed at `domains` (none: not exposed), on a
 * small subnet of its own (Docker's default address pools hold about 30 networks).
 */
let subnets = 0;
const subnetOf = new Map();
function webApp(id, domains = []) {
  if (!subnetOf.has(id)) subnetOf.set(id, `10.213.${subnets++}.0/28`);
  return webAppOf(image, id, domains.length ? viaProxy(...domains) : undefined, subnetOf.get(id));
}

try {
  const privateKeyPem = (await loadOrCreateIdentity(path.join(dir, 'state'))).privateKeyPem;
  const compose = new ComposeRunner(await detectComposeCli(), { PATH: process.env.PATH, HOME: dir }, 120_000);
  const apps = testAppManager({ dir, compose, privateKeyPem, prefix });
  // Where a deploy's time goes: each compose command and each proxy reload, while `steps` is set.
  let steps = null;
  const timed =
    (name, work) =>
    async (...args) => {
      const t = performance.now();
      try {
        return await work(...args);
      } finally {
        steps?.push([name, performance.now() - t]);
      }
    };
  const run = compose.run.bind(compose);
  compose.run = timed('compose', (project, subcommand, observer) =>
    timed(`compose ${subcommand[0]}`, run)(project, subcommand, observer),
  );
  const reload = ProxyRoutes.prototype.reload;
  ProxyRoutes.prototype.reload = function (...args) {
    return timed('proxy reload', reload.bind(this))(...args);
  };
  const stepsOf = [];
  await buildBusyboxImage(image);
  await buildCaddyImage(caddyTag);
  const httpsPort = await freePort();
  await apps.deploy(proxyDeployment(caddyTag, { http: await freePort(), https: httpsPort }));

  // The apps the proxy serves; app-0 is the one the stream reads.
  const ids = Array.from({ length: APPS }, (_, index) => `app-${index}`);
  const started = performance.now();
  await inParallel(
    ids.map((id) => () => apps.deploy(webApp(id, [`${id}.test`]))),
    4,
  );
  console.log(`${APPS} apps deployed through the proxy in ${ms(performance.now() - started)}`);
  const proxy = await proxyContainer(`${prefix}proxy`);
  const target = { port: httpsPort, ca: await proxyRootCertificate(proxy.id, path.join(dir, 'root.crt')) };
  await firstOk('app-0.test', target);

  // Deploy → first HTTPS 200, on the proxy serving the apps above.
  const created = [];
  const added = [];
  const plain = [];
  for (let run = 0; run < RUNS; run += 1) {
    const t = performance.now();
    await apps.deploy(webApp(`plain-${run}`));
    plain.push(performance.now() - t);
    await apps.delete(`plain-${run}`);

    const id = `new-${run}`;
    steps = [];
    const t0 = performance.now();
    await apps.deploy(webApp(id, [`${id}.test`]));
    const deployed = performance.now();
    stepsOf.push(steps);
    steps = null;
    created.push({ deploy: deployed - t0, total: (await firstOk(`${id}.test`, target)) - t0 });

    const t1 = performance.now();
    await apps.deploy(webApp(id, [`${id}.test`, `www.${id}.test`]));
    const redeployed = performance.now();
    added.push({ deploy: redeployed - t1, total: (await firstOk(`www.${id}.test`, target)) - t1 });
    await apps.delete(id);
  }
  const report = (label, runs) =>
    console.log(
      `${label}: median ${ms(median(runs.map((run) => run.total)))} (deploy ${ms(median(runs.map((run) => run.deploy)))}` +
        `, then until 200 ${ms(median(runs.map((run) => run.total - run.deploy)))}); ` +
        `max ${ms(Math.max(...runs.map((run) => run.total)))} over ${runs.length} runs; target 3000 ms: ` +
        (median(runs.map((run) => run.total)) <= 3000 ? 'met' : 'NOT met'),
    );
  console.log(`deploy of a new app without a domain (the same path, no proxy): median ${ms(median(plain))}`);
  report('deploy of a new app with a new domain → first HTTPS 200', created);
  const names = [...new Set(stepsOf.flat().map(([name]) => name))].filter((name) => name !== 'compose');
  const sum = (runSteps, name) =>
    runSteps.filter(([step]) => step === name).reduce((total, [, value]) => total + value, 0);
  const deployMs = median(created.map((run) => run.deploy));
  const rest = median(
    created.map(
      (run, index) => run.deploy - sum(stepsOf[index], 'compose') - sum(stepsOf[index], 'proxy reload'),
    ),
  );
  console.log(
    `  where that deploy's time goes (medians): ${names.map((name) => `${name} ${ms(median(stepsOf.map((runSteps) => sum(runSteps, name))))}`).join(', ')}, ` +
      `the rest (files, engine calls, route files) ${ms(rest)}, of ${ms(deployMs)}`,
  );
  report('deploy of a running app with one more domain → first HTTPS 200', added);

  // Route churn: two request loops to app-0 (a new connection per request, and keep-alive) while
  // the routes of ROUTES other apps are removed (None) and added back, one deploy at a time.
  const keepAlive = new https.Agent({ keepAlive: true, maxSockets: 1 });
  const streams = {
    'new connection per request': requestStream('app-0.test', { ...target, agent: false }, STREAM_PAUSE_MS),
    'keep-alive connection': requestStream('app-0.test', { ...target, agent: keepAlive }, STREAM_PAUSE_MS),
  };
  const churnStart = performance.now();
  for (const id of ids.slice(APPS - ROUTES)) {
    await apps.deploy(webApp(id));
    await apps.deploy(webApp(id, [`${id}.test`]));
  }
  const churnMs = performance.now() - churnStart;
  console.log(
    `route churn: ${ROUTES} routes removed and added back (${ROUTES * 2} reloads) in ${ms(churnMs)} ` +
      `on a proxy serving ${APPS} apps; a steady stream to app-0.test:`,
  );
  for (const [label, running] of Object.entries(streams)) {
    const { total, failed, reasons, resent } = await running.stop();
    console.log(
      `  ${label}: ${failed} failed of ${total} requests${reasons.length ? ` (${reasons.join(', ')})` : ''}; ` +
        `target 0: ${failed === 0 ? 'met' : 'NOT met'}` +
        (resent ? `; ${resent} sent again on a new connection after the proxy closed an idle one` : ''),
    );
  }
  keepAlive.destroy();
  const { startedAt } = await proxyContainer(`${prefix}proxy`);
  console.log(
    `proxy container restarted: ${startedAt === proxy.startedAt ? 'no' : 'yes'} (started at ${startedAt})`,
  );
} finally {
  await removeProjects(prefix);
  await removeVolumes(prefix);
  await removeImage(image);
  await removeImage(`caddy:${caddyTag}`);
  fs.rmSync(dir, { recursive: true, force: true });
}
