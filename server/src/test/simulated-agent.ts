/**
 * A stand-in agent for hub tests and the connection benchmark: real key pair and certificate
 * (made by openssl), real WebSocket and proof of key, scripted answers to requests.
 */
import { execFile } from 'node:child_process';
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { AgentToServer, ServerToAgent } from 'contract';
import type { TestUser } from './sign-in.js';

export interface AgentKeys {
  certificatePem: string;
  privateKey: KeyObject;
}

export async function createAgentKeys(): Promise<AgentKeys> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dh-sim-agent-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    await promisify(execFile)('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-subj',
      '/CN=Dockhand Test Agent',
      '-days',
      '30',
    ]);
    return {
      certificatePem: await readFile(cert, 'utf8'),
      privateKey: createPrivateKey(await readFile(key, 'utf8')),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A handler's failure may carry compose output, as the real agent's does (`AgentFailure`). */
export class AgentFailure extends Error {
  constructor(
    message: string,
    readonly output: string,
  ) {
    super(message);
  }
}

const outputOf = (error: unknown) => (error instanceof AgentFailure ? { output: error.output } : {});

export type RequestHandler = (method: string, params: unknown) => Promise<unknown> | unknown;

export class SimulatedAgent {
  socket: WebSocket | null = null;
  pairingCode: string | null = null;
  agentId: string | null = null;
  closeCode: number | null = null;
  /** Welcomes received: one per connection as a paired agent. */
  welcomes = 0;
  private waiters: Array<() => void> = [];

  constructor(
    readonly keys: AgentKeys,
    private readonly handler: RequestHandler = () => ({}),
  ) {}

  connect(url: string): void {
    this.closeCode = null;
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.on('open', () =>
      this.send({
        type: 'hello',
        certificate: this.keys.certificatePem,
        agent_version: '0.0.0-test',
        protocol: 1,
      }),
    );
    socket.on('message', (data) => void this.onMessage(JSON.parse(String(data)) as ServerToAgent));
    socket.on('close', (code) => {
      this.closeCode = code;
      this.notify();
    });
    socket.on('error', () => undefined);
  }

  /** Sent on an open socket; lost, as on a real agent, when its connection is down or not up yet. */
  send(message: AgentToServer): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  close(): void {
    this.socket?.terminate();
  }

  /** Resolves when `predicate` holds after some message, or rejects after `timeoutMs`. */
  async waitFor(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error('simulated agent: condition not reached in time');
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((resolve) => resolve());
  }

  private async onMessage(message: ServerToAgent): Promise<void> {
    if (message.type === 'challenge') {
      const signature = sign('sha256', Buffer.from(message.nonce, 'utf8'), {
        key: this.keys.privateKey,
        dsaEncoding: 'ieee-p1363',
      });
      this.send({ type: 'proof', signature: signature.toString('base64') });
    } else if (message.type === 'pairing') {
      this.pairingCode = message.code;
    } else if (message.type === 'welcome') {
      this.agentId = message.agent_id;
      this.welcomes += 1;
    } else if (message.type === 'request') {
      try {
        this.send({
          type: 'response',
          id: message.id,
          ok: true,
          result: await this.handler(message.method, message.params),
        });
      } catch (error) {
        this.send({
          type: 'response',
          id: message.id,
          ok: false,
          error: { code: 'TEST', message: (error as Error).message, ...outputOf(error) },
        });
      }
    }
    this.notify();
  }
}

/** The agent WebSocket address of a listening app. */
export function agentUrlOf(app: FastifyInstance): string {
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/agent/connect`;
}

/**
 * Connects `agent` to a listening app and pairs it as an operator would: the pairing code it is
 * shown is registered by `user` for `organizationId`. Resolves with the agent's id once welcomed.
 */
export async function pairSimulatedAgent(
  app: FastifyInstance,
  agent: SimulatedAgent,
  user: TestUser,
  organizationId: string,
): Promise<string> {
  agent.connect(agentUrlOf(app));
  await agent.waitFor(() => agent.pairingCode !== null);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/agents/register-agent',
    headers: user.headers,
    payload: { code: agent.pairingCode, organization_id: organizationId },
  });
  if (response.statusCode !== 200)
    throw new Error(`pairing refused: ${response.statusCode} ${response.body}`);
  const agentId = (response.json() as { data: { agent: { id: string } } }).data.agent.id;
  await agent.waitFor(() => agent.agentId === agentId);
  return agentId;
}
