/**
 * The crash tests' harness (issue 15): a real stack (test/real-stack.ts) whose agent waits at hold
 * points (DOCKHAND_TEST_HOLD_DIR, agent/src/docker/test-hold.ts) so a test can kill the server or
 * the agent at an exact step of a create, update or delete instead of guessing with sleeps; and
 * the check that the server's records, the agent's app folders and Docker's labelled containers
 * name the same apps.
 */
import assert from 'node:assert/strict';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildBusyboxImage, docker } from './docker-fixtures.js';
import { waitUntil } from './processes.js';
import { RealStack, type Answer } from './real-stack.js';

export class CrashHarness {
  readonly stack: RealStack;
  readonly prefix: string;
  private readonly image: string;
  private readonly holdDir: string;

  constructor(name: string, email: string) {
    this.prefix = `dh${name}${process.pid}-`;
    this.image = `dockhand-${name}-test/busybox:${process.pid}`;
    this.holdDir = path.join(os.tmpdir(), `dh-${name}-hold-${process.pid}`);
    this.stack = new RealStack({
      prefix: this.prefix,
      email,
      agentEnv: { DOCKHAND_TEST_HOLD_DIR: this.holdDir },
    });
  }

  /** A paired agent on the free plan, online. */
  async start(): Promise<void> {
    await mkdir(this.holdDir, { recursive: true });
    await buildBusyboxImage(this.image);
    await this.stack.start();
    const paired = await this.stack.pairAgent();
    assert.equal(paired.success, true, paired.message);
  }

  async stop(): Promise<void> {
    await rm(this.holdDir, { recursive: true, force: true });
    await this.stack.stop();
    await docker('rmi', '-f', this.image).catch(() => '');
  }

  /** Arms a hold point: the agent will wait there ('before-up', 'before-app.delete'…). */
  async holdAt(point: string): Promise<void> {
    await writeFile(path.join(this.holdDir, point), '');
  }

  release(point: string): Promise<void> {
    return rm(path.join(this.holdDir, point), { force: true });
  }

  /** Waits until the agent holds at `point` for `subject` (an app name's compose project, or an app id). */
  heldAt(point: string, subject: string): Promise<RegExpMatchArray> {
    return this.stack.agent.waitForOutput(
      new RegExp(`test hold: ${point} ${this.prefix}${subject}-[0-9a-f]{8}|test hold: ${point} ${subject}`),
      60_000,
    );
  }

  /** A create-app (or, with `id`, update-app) body: one busybox service that prints `greeting`. */
  appBody(name: string, greeting: string, id?: string) {
    return {
      config: {
        id,
        name,
        files: [{ id: 'f1', filename: 'compose.yml', is_encrypted: false, type: 'user' }],
        variables: [],
      },
      files: {
        f1: [
          'services:',
          '  web:',
          `    image: ${this.image}`,
          `    command: ["sh", "-c", "echo ${greeting}; exec httpd -f -p 8080 -h /www"]`,
          '    stop_grace_period: 1s',
          '',
        ].join('\n'),
      },
      variables: {},
    };
  }

  create(name: string, greeting: string, key?: string): Promise<Answer> {
    return this.stack.api(
      'POST',
      `/api/v1/apps/create-app?agent_id=${this.stack.agentId}`,
      this.appBody(name, greeting),
      key,
    );
  }

  remove(appId: string, key?: string): Promise<Answer> {
    return this.stack.api(
      'POST',
      `/api/v1/apps/delete-app?agent_id=${this.stack.agentId}`,
      { app_id: appId, keep_volumes: false },
      key,
    );
  }

  /** Docker's compose projects of this run (labelled containers), with or without the prefix. */
  async projects(startingWith = ''): Promise<string[]> {
    const labels = await docker('ps', '-a', '--format', '{{.Label "com.docker.compose.project"}}');
    return [
      ...new Set(labels.split('\n').filter((project) => project.startsWith(`${this.prefix}${startingWith}`))),
    ];
  }

  /** What the server records and Docker runs for apps named `name`. */
  async state(name: string): Promise<{ record: { id: string; name: string } | null; projects: string[] }> {
    const apps = (await this.stack.api('GET', `/api/v1/apps/get-apps?agent_id=${this.stack.agentId}`)).data
      .apps as Array<{ id: string; name: string }>;
    return {
      record: apps.find((app) => app.name === name) ?? null,
      projects: await this.projects(`${name}-`),
    };
  }

  /** Server records, agent folders and Docker's compose projects name the same apps (once settled). */
  async assertAllAgree(): Promise<void> {
    const look = async () => {
      const records = (await this.stack.api('GET', `/api/v1/apps/get-apps?agent_id=${this.stack.agentId}`))
        .data.apps as Array<{ id: string }>;
      const folders = await readdir(path.join(this.stack.agentStateDir, 'apps')).catch(() => [] as string[]);
      return {
        records: records.map((app) => app.id).sort(),
        folders: folders.sort(),
        projects: (await this.projects()).length,
      };
    };
    const agree = (seen: Awaited<ReturnType<typeof look>>) =>
      JSON.stringify(seen.folders) === JSON.stringify(seen.records) && seen.projects === seen.records.length;
    await waitUntil(
      async () => agree(await look()),
      30_000,
      'records, folders and containers to agree',
    ).catch(() => undefined);
    const seen = await look();
    assert.deepEqual(seen.folders, seen.records, 'agent folders = server records');
    assert.equal(seen.projects, seen.records.length, 'one compose project per record');
  }
}
