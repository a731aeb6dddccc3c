#!/usr/bin/env node
// Agent figures (no assertions): idle memory/CPU of the bundled agent, deploy overhead of
// install-app over a plain `docker compose up -d`, and how many agent connections one server
// process holds. Usage: node bench/agent/run.mjs [idle] [deploy] [connections]   (default: all)
// Needs `pnpm build` first (server/dist and agent/dist/dockhand-agent.mjs) and a Docker engine.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startFleet } from '../lib/agent-fleet.mjs';
import {
  benchTemplate,
  freePort,
  repoRoot as root,
  rssMb,
  signIn,
  startProcess,
  waitFor,
} from '../lib/harness.mjs';

const requireFromServer = createRequire(path.join(root, 'server', 'package.json'));
const exec = promisify(execFile);
const phases = process.argv.slice(2).length ? process.argv.slice(2) : ['idle', 'deploy', 'connections'];
const DEPLOY_RUNS = Number(process.env.BENCH_DEPLOY_RUNS ?? 5);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 10_000);
// Another agent bundle (e.g. one built from main) whose idle and deploy figures are taken beside this build's.
const BASELINE_AGENT = process.env.BENCH_BASELINE_AGENT;
const AGENT_BUNDLE = path.join(root, 'agent', 'dist', 'dockhand-agent.mjs');
const prefix = `dhbench${process.pid}-`;
const image = `dockhand-bench/busybox:${process.pid}`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dh-bench-agent-'));
const children = [];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const cpuTicks = (pid) =>
  fs
    .readFileSync(`/proc/${pid}/stat`, 'utf8')
    .split(') ')[1]
    .split(' ')
    .slice(11, 13)
    .reduce((a, b) => a + Number(b), 0);

function start(command, args, env) {
  const child = startProcess(command, args, env);
  children.push(child);
  return child;
}

async function buildImage() {
  const rootfs = path.join(tmp, 'rootfs');
  fs.mkdirSync(path.join(rootfs, 'bin'), { recursive: true });
  fs.mkdirSync(path.join(rootfs, 'www'), { recursive: true });
  fs.copyFileSync('/bin/busybox', path.join(rootfs, 'bin', 'busybox'));
  for (const applet of ['sh', 'httpd']) fs.symlinkSync('busybox', path.join(rootfs, 'bin', applet));
  await exec('tar', ['-C', rootfs, '-cf', path.join(tmp, 'image.tar'), '.']);
  await exec('docker', ['import', '--change', 'ENV PATH=/bin', path.join(tmp, 'image.tar'), image]);
}

const COMPOSE = `services:\n  web:\n    image: ${image.split(':')[0]}:\${_VERSION}\n    command: ["httpd", "-f", "-p", "8080", "-h", "/www"]\n    stop_grace_period: 1s\n`;

function writeCatalog(dir) {
  const template = path.join(dir, 'templates', 'bench-web');
  fs.mkdirSync(template, { recursive: true });
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'assets', 'bench-web.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(template, 'compose.yml'), COMPOSE);
  fs.writeFileSync(
    path.join(template, 'template.json'),
    JSON.stringify(
      benchTemplate(String(process.pid), {
        id: 'bench-web',
        name: 'Bench Web',
        slug: 'bench-web',
        summary: 'Bench.',
        description: 'Bench.',
        license: 'GPL-2.0',
        homepage_url: 'https://busybox.net',
        keywords: [],
        tags: ['Bench'],
        logo: 'bench-web.svg',
      }),
    ),
  );
}

async function startServer(extraEnv = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(tmp, `data-${port}`);
  const server = start(process.execPath, [path.join(root, 'server', 'dist', 'main.js')], {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    DEV_IDP: '1',
    BILLING_PROVIDER: 'dev',
    LOG_LEVEL: 'warn',
    CATALOG_EXTRA_DIR: path.join(tmp, 'catalog'),
    ...extraEnv,
  });
  await waitFor(async () => (await fetch(`${base}/healthz`)).ok, 'server start');
  const token = await signIn(base);
  const api = async (method, url, body) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return response.json();
  };
  const organization = await api('POST', '/api/v1/organization/create-organization', { name: 'Bench' });
  const sqlite = new (requireFromServer('better-sqlite3'))(path.join(dataDir, 'dockhand.db'));
  return { server, base, api, organizationId: organization.data.id, sqlite };
}

async function pairedAgent(ctx, bundle = AGENT_BUNDLE, stateName = 'agent-state') {
  const stateDir = path.join(tmp, stateName);
  const agent = start(process.execPath, [bundle], {
    DOCKHAND_SERVER_URL: ctx.base,
    DOCKHAND_STATE_DIR: stateDir,
    DOCKHAND_PROJECT_PREFIX: prefix,
    DOCKHAND_LOG_DEPLOY_STEPS: '1',
  });
  const code = await waitFor(async () => /Pairing code: (\w{6})/.exec(agent.output)?.[1], 'pairing code');
  const registered = await ctx.api('POST', '/api/v1/agents/register-agent', {
    code,
    organization_id: ctx.organizationId,
  });
  const agentId = registered.data.agent.id;
  ctx.sqlite.prepare("UPDATE agents SET subscription_status = 'free' WHERE id = ?").run(agentId);
  await waitFor(
    async () =>
      (await ctx.api('GET', '/api/v1/agents/get-agents-status')).data.agents.some(
        (a) => a.agent_id === agentId && a.status === 1,
      ),
    'agent online',
  );
  return { agent, agentId };
}

/** Both agents (this build's and BENCH_BASELINE_AGENT's, if set) are sampled in the same window. */
async function idle(ctx, agents) {
  await sleep(10_000);
  const ticksPerSecond = 100;
  const t0 = Date.now();
  const ticks0 = agents.map(({ agent }) => cpuTicks(agent.pid));
  await sleep(30_000);
  const seconds = (Date.now() - t0) / 1000;
  agents.forEach(({ agent, label }, i) => {
    const cpu = ((cpuTicks(agent.pid) - ticks0[i]) / ticksPerSecond / seconds) * 100;
    console.log(
      `agent idle${label}: ${rssMb(agent.pid).toFixed(1)} MB resident, ${cpu.toFixed(2)} % CPU (30 s sample after 10 s settle; targets 50 MB, 0.5 %)`,
    );
  });
  console.log(`  load average ${loadAverage()}`);
}

function loadAverage() {
  return os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
}

async function running(projectStart) {
  const out = (
    await exec('docker', [
      'ps',
      '--filter',
      'status=running',
      '--format',
      '{{.Label "com.docker.compose.project"}}',
    ])
  ).stdout;
  return out.split('\n').some((project) => project.startsWith(projectStart));
}

/**
 * When each compose project's network was created and its first container created and started
 * (engine time, ms), from `docker events`.
 */
function watchEngineEvents() {
  const seen = new Map();
  const events = spawn('docker', [
    'events',
    '--filter',
    'type=container',
    '--filter',
    'type=network',
    '--filter',
    'event=create',
    '--filter',
    'event=start',
    '--format',
    '{{json .}}',
  ]);
  children.push(events);
  let partial = '';
  events.stdout.on('data', (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop();
    for (const line of lines) {
      const event = JSON.parse(line);
      const attributes = event.Actor?.Attributes ?? {};
      // A network carries no labels in its events: its name starts with the project's.
      const project = event.Type === 'network' ? attributes.name : attributes['com.docker.compose.project'];
      const key = `${event.Type} ${event.Action}`;
      if (!project) continue;
      const times = seen.get(project) ?? {};
      times[key] ??= event.timeNano / 1e6;
      seen.set(project, times);
    }
  });
  /** 'network create', 'container create', 'container start' of the project whose name starts so, ms after `since`. */
  return (projectStart, since) => {
    const times = {};
    for (const [project, found] of seen)
      if (project.startsWith(projectStart))
        for (const [key, at] of Object.entries(found)) times[key] = Math.round(at - since);
    return times;
  };
}

/** The step log a deploy wrote (DOCKHAND_LOG_DEPLOY_STEPS) after `offset` of the agent's output, as { step: ms }. */
function deploySteps(agent, offset) {
  const line = /deploy \S+ steps \(ms since it started\): (.*)/.exec(agent.output.slice(offset))?.[1];
  if (!line) return null;
  return Object.fromEntries(
    line.split(', ').map((entry) => {
      const at = entry.lastIndexOf(' ');
      return [entry.slice(0, at), Number(entry.slice(at + 1))];
    }),
  );
}

/** Each step's median end (ms since the agent began the deploy), in time order, with the median time before it. */
function printSteps(runs) {
  const names = [...new Set(runs.flatMap((steps) => Object.keys(steps)))];
  const medians = names
    .map((name) => [name, median(runs.map((steps) => steps[name]).filter((at) => at !== undefined))])
    .sort((a, b) => a[1] - b[1]);
  let before = 0;
  for (const [name, at] of medians) {
    console.log(`    ${name.padEnd(20)} at ${String(at).padStart(5)} ms  (+${at - before})`);
    before = at;
  }
}

/** The medians of the engine's events, e.g. 'network create at 610 ms, container create at 700 ms, …'. */
function engineText(runs) {
  return ['network create', 'container create', 'container start']
    .map((key) => `${key} at ${median(runs.map((times) => times[key]).filter((at) => at !== undefined))} ms`)
    .join(', ');
}

/**
 * Each run deploys through every agent (this build's, and BENCH_BASELINE_AGENT's when set) and with
 * plain compose, in an order that alternates from run to run, so both builds see the same load.
 * Besides request → running: when the container started (engine event) and, for an agent that logs
 * them (DOCKHAND_LOG_DEPLOY_STEPS), when each step of its deploy ended.
 */
async function deploy(ctx, agents) {
  const viaDockhand = agents.map(() => ({
    running: [],
    engine: [],
    answered: [],
    agentTotal: [],
    steps: [],
  }));
  const plain = { running: [], engine: [], exited: [] };
  // The agent starts a v1 that allows it with the standard library's distutils (agent README,
  // Which Compose): plain compose so too, to tell that gain from the agent's own steps.
  const quickPlain = { running: [], engine: [], exited: [] };
  const engineTimes = watchEngineEvents();
  const plainDir = path.join(tmp, 'plain');
  fs.mkdirSync(plainDir, { recursive: true });
  fs.writeFileSync(path.join(plainDir, 'compose.yml'), COMPOSE);
  const compose = await exec('docker', ['compose', 'version']).then(
    () => ['docker', ['compose']],
    () => ['docker-compose', []],
  );
  const quickStart = { SETUPTOOLS_USE_DISTUTILS: 'stdlib' };
  const quickStartRuns =
    compose[0] === 'docker-compose' &&
    (await exec('docker-compose', ['version'], { env: { ...process.env, ...quickStart } }).then(
      () => true,
      () => false,
    ));
  const viaAgent = async (index, run) => {
    const { agentId, agent } = agents[index];
    const figures = viaDockhand[index];
    const name = `bench${index}-${run}`;
    const logged = agent.output.length;
    const started = Date.now();
    const installed = await ctx.api('POST', `/api/v1/catalog/install-app?agent_id=${agentId}`, {
      name,
      template_id: 'bench-web',
    });
    if (!installed.success) throw new Error(installed.message);
    const answered = Date.now() - started;
    await waitFor(() => running(`${prefix}${name}-`), 'installed app running');
    figures.running.push(Date.now() - started);
    figures.answered.push(answered);
    figures.engine.push(engineTimes(`${prefix}${name}-`, started));
    const steps = deploySteps(agent, logged);
    if (steps) {
      figures.steps.push(steps);
      figures.agentTotal.push(Math.max(...Object.values(steps)));
    }
    await ctx.api('POST', `/api/v1/apps/delete-app?agent_id=${agentId}`, { app_id: installed.data.id });
  };
  const viaCompose = async (run, figures = plain, extraEnv = {}) => {
    const project = `${prefix}plain${figures === plain ? '' : 'quick'}-${run}`;
    const args = [...compose[1], '--project-name', project, '--file', path.join(plainDir, 'compose.yml')];
    const env = { ...process.env, ...extraEnv, _VERSION: String(process.pid) };
    const started = Date.now();
    await exec(compose[0], [...args, 'up', '-d'], { env, cwd: plainDir });
    figures.exited.push(Date.now() - started);
    await waitFor(() => running(project), 'plain compose running');
    figures.running.push(Date.now() - started);
    figures.engine.push(engineTimes(project, started));
    await exec(compose[0], [...args, 'down'], { env, cwd: plainDir });
  };
  for (let run = 0; run < DEPLOY_RUNS; run += 1) {
    const steps = [...agents.map((_, index) => () => viaAgent(index, run)), () => viaCompose(run)];
    if (quickStartRuns) steps.push(() => viaCompose(run, quickPlain, quickStart));
    if (run % 2 === 1) steps.reverse();
    for (const step of steps) await step();
  }
  const plainRunning = median(plain.running);
  console.log(
    `deploy: plain compose up -d → running median ${plainRunning} ms (up exited at ${median(plain.exited)} ms; ${engineText(plain.engine)})`,
  );
  if (quickStartRuns)
    console.log(
      `deploy: plain compose up -d with SETUPTOOLS_USE_DISTUTILS=stdlib → running median ${median(quickPlain.running)} ms (up exited at ${median(quickPlain.exited)} ms; ${engineText(quickPlain.engine)})`,
    );
  agents.forEach(({ label }, index) => {
    const figures = viaDockhand[index];
    const overhead = median(figures.running) - plainRunning;
    console.log(
      `deploy${label}: install-app → running median ${median(figures.running)} ms; overhead (median of ${DEPLOY_RUNS}) ` +
        `${overhead} ms, ratio ${(median(figures.running) / plainRunning).toFixed(2)} (target ≤ 300 ms: ${overhead <= 300 ? 'met' : 'NOT met'})` +
        (quickStartRuns
          ? `; over plain with the same quick start ${median(figures.running) - median(quickPlain.running)} ms`
          : ''),
    );
    console.log(`  ${engineText(figures.engine)}; install-app answered at ${median(figures.answered)} ms`);
    if (figures.steps.length === 0) return;
    // The server's work and the two WebSocket hops: the answer's time less the agent's own.
    console.log(
      `  the agent's deploy took ${median(figures.agentTotal)} ms (the server and the hops to and from the agent the rest); its steps (median end):`,
    );
    printSteps(figures.steps);
  });
  console.log(`  load average ${loadAverage()}`);
}

async function connections() {
  const ctx = await startServer();
  const fleet = await startFleet(AGENTS);
  const insert = ctx.sqlite.prepare(
    "INSERT INTO agents (id, organization_id, name, certificate, certificate_fingerprint, subscription_status, created_at) VALUES (?, ?, ?, ?, ?, 'free', ?)",
  );
  ctx.sqlite.transaction(() =>
    fleet.identities.forEach((identity, i) =>
      insert.run(
        `bench-${i}`,
        ctx.organizationId,
        `bench-${i}`,
        identity.pem,
        identity.fingerprint,
        Date.now(),
      ),
    ),
  )();
  const idleRss = rssMb(ctx.server.pid);
  const started = Date.now();
  fleet.connect(`${ctx.base.replace('http', 'ws')}/agent/connect`);
  let counts;
  try {
    await waitFor(
      async () => (counts = await fleet.counts()).online === AGENTS,
      'every agent welcomed',
      600_000,
    );
    const seconds = (Date.now() - started) / 1000;
    await sleep(2000);
    const status = await ctx.api('GET', '/api/v1/agents/get-agents-status');
    const online = status.data.agents.filter((a) => a.status === 1).length;
    console.log(
      `connections: ${counts.online} of ${AGENTS} simulated agents authenticated in ${seconds.toFixed(1)} s (${counts.failures} failed connections retried); server reports ${online} online`,
    );
    console.log(
      `server memory: ${idleRss.toFixed(1)} MB before, ${rssMb(ctx.server.pid).toFixed(1)} MB with ${online} agents connected (target 10,000 within 1024 MB)`,
    );
  } finally {
    await fleet.stop();
  }
}

try {
  if (!fs.existsSync(path.join(root, 'server', 'dist', 'main.js')) || !fs.existsSync(AGENT_BUNDLE)) {
    throw new Error('run `pnpm build` first (server/dist and agent/dist/dockhand-agent.mjs)');
  }
  if (phases.includes('idle') || phases.includes('deploy')) {
    // Only the deploy runs the image: the idle figure needs no Docker work of its own.
    if (phases.includes('deploy')) await buildImage();
    writeCatalog(path.join(tmp, 'catalog'));
    const ctx = await startServer();
    const agents = [{ ...(await pairedAgent(ctx)), label: '' }];
    if (BASELINE_AGENT)
      agents.push({
        ...(await pairedAgent(ctx, BASELINE_AGENT, 'baseline-agent-state')),
        label: ` (baseline ${path.basename(BASELINE_AGENT)})`,
      });
    if (phases.includes('idle')) await idle(ctx, agents);
    if (phases.includes('deploy')) await deploy(ctx, agents);
  }
  if (phases.includes('connections')) await connections();
} finally {
  for (const child of children.reverse()) if (child.exitCode === null) child.kill();
  await sleep(500);
  const containers = (
    await exec('docker', ['ps', '-a', '--format', '{{.ID}} {{.Label "com.docker.compose.project"}}'])
  ).stdout;
  for (const line of containers.split('\n'))
    if (line.split(' ')[1]?.startsWith(prefix))
      await exec('docker', ['rm', '-f', line.split(' ')[0]]).catch(() => undefined);
  const networks = (await exec('docker', ['network', 'ls', '--format', '{{.Name}}'])).stdout.split('\n');
  for (const name of networks.filter((n) => n.startsWith(prefix)))
    await exec('docker', ['network', 'rm', name]).catch(() => undefined);
  await exec('docker', ['rmi', '-f', image]).catch(() => undefined);
  fs.rmSync(tmp, { recursive: true, force: true });
}
