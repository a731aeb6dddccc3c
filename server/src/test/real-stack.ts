/**
 * The real-engine fixture shared by the Docker integration and crash tests: a real server process
 * and a real agent process on a fresh database, an in-process app on the same database for direct
 * reads and sign-ins, and an API client for one signed-in user. Docker names start with `prefix`;
 * `stop` removes what was made.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { setAgentPlan } from '../agents/agent-store.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { removeDockerLeftovers } from './docker-fixtures.js';
import {
  freePort,
  startAgentProcess,
  startServerProcess,
  waitUntil,
  type RunningProcess,
} from './processes.js';
import { signIn, type TestUser } from './sign-in.js';
import { createTestDatabase, type TestDatabase } from './test-app.js';

export type Answer = {
  status: number;
  success: boolean;
  message: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read varied payloads
  data?: any;
  /** A deploy's answer names its history entry (a failed one too). */
  operation_id?: string;
};

export interface RealStackOptions {
  /** Prefix of the agent's compose projects (and so of everything Docker holds for this run). */
  prefix: string;
  /** The signed-in user's email. */
  email: string;
  /** More server environment (catalog folder, log level…). */
  serverEnv?: Record<string, string>;
  /** More agent environment (the crash tests' hold folder…). */
  agentEnv?: Record<string, string>;
}

export class RealStack {
  /** Every line both processes printed, across restarts. */
  readonly captured: string[] = [];
  server!: RunningProcess;
  agent!: RunningProcess;
  /** The same database, in process: direct reads and writes, sign-ins. */
  control!: FastifyInstance;
  user!: TestUser;
  agentId = '';
  base = '';
  env: Record<string, string> = {};
  tmp = '';
  private database: TestDatabase | null = null;

  constructor(private readonly options: RealStackOptions) {}

  /** The database, the server process, the in-process app, the user and the agent process (unpaired). */
  async start(): Promise<void> {
    this.tmp = await mkdtemp(path.join(os.tmpdir(), 'dh-real-'));
    this.database = await createTestDatabase();
    const port = await freePort();
    this.base = `http://127.0.0.1:${port}`;
    this.env = {
      ...this.database.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: this.base,
      LOG_LEVEL: 'info',
      AGENT_DEPLOY_TIMEOUT_MS: '120000',
      ...this.options.serverEnv,
    };
    await this.startServer();
    this.control = await buildApp(loadConfig({ ...this.env, LOG_LEVEL: 'silent' }));
    this.user = await signIn(this.control, this.options.email);
    this.startAgent();
  }

  get agentStateDir(): string {
    return path.join(this.tmp, 'agent-state');
  }

  /** The folder the agent keeps `appId` in. */
  folderOf(appId: string): string {
    return path.join(this.agentStateDir, 'apps', appId);
  }

  async startServer(): Promise<void> {
    this.server = startServerProcess(this.env, this.captured);
    await this.server.waitForOutput(/Dockhand is running/);
  }

  startAgent(): void {
    this.agent = startAgentProcess(
      {
        DOCKHAND_SERVER_URL: this.base,
        DOCKHAND_STATE_DIR: this.agentStateDir,
        DOCKHAND_PROJECT_PREFIX: this.options.prefix,
        ...this.options.agentEnv,
      },
      this.captured,
    );
  }

  /** The pairing an operator does: the agent's code claimed for a new organization, on the free plan. */
  async pairAgent(): Promise<Answer> {
    const [, code] = await this.agent.waitForOutput(/Pairing code: ([A-Z0-9]{6})/);
    const organization = await this.api('POST', '/api/v1/organization/create-organization', { name: 'Ops' });
    const registered = await this.api('POST', '/api/v1/agents/register-agent', {
      code,
      organization_id: organization.data.id,
    });
    if (!registered.success) return registered;
    this.agentId = registered.data.agent.id;
    await setAgentPlan(this.control.dockhand.db, this.agentId, { status: 'free', source: null });
    await this.agentOnline();
    return registered;
  }

  async agentOnline(timeoutMs = 30_000): Promise<void> {
    await waitUntil(
      async () =>
        (await this.api('GET', '/api/v1/agents/get-agents-status').catch(() => null))?.data?.agents?.find(
          (a: { agent_id: string }) => a.agent_id === this.agentId,
        )?.status === 1,
      timeoutMs,
      'agent online',
    );
  }

  /** One API call as the user; `key` is sent as the Idempotency-Key. */
  async api(method: 'GET' | 'POST', url: string, body?: unknown, key?: string): Promise<Answer> {
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        authorization: this.user.headers.authorization,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, ...((await response.json()) as Omit<Answer, 'status'>) };
  }

  async stop(): Promise<void> {
    await this.agent?.kill('SIGKILL');
    await this.server?.kill();
    await this.control?.close();
    await removeDockerLeftovers(this.options.prefix);
    await this.database?.drop();
    if (this.tmp) await rm(this.tmp, { recursive: true, force: true });
  }
}
