import WebSocket from 'ws';
import { AgentError, outputOf } from '../errors.js';
import { signChallenge, type AgentIdentity } from '../identity.js';
import {
  CloseCode,
  decodeServerMessage,
  PROTOCOL_VERSION,
  type AgentToServer,
  type ServerToAgent,
} from 'contract';
import { backoffDelay } from './backoff.js';

export interface ConnectionHandlers {
  onRequest(method: string, params: unknown): Promise<unknown>;
  onPairingCode(code: string, expiresAt: number): void;
  onWelcome(agentId: string): void;
  onRevoked(): void;
  log(message: string): void;
}

/**
 * Keeps one outbound WebSocket to the server: hello → challenge → proof → welcome/pairing, then
 * serves requests. Reconnects with jittered backoff until `stop()`, except after revocation.
 */
export class AgentConnection {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly identity: AgentIdentity,
    private readonly version: string,
    private readonly handlers: ConnectionHandlers,
  ) {}

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.close(1000);
    this.socket = null;
  }

  get connected(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Sends an event if connected; events are re-sent in full after each reconnect anyway. */
  send(message: AgentToServer): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private connect(): void {
    const socket = new WebSocket(this.url, { handshakeTimeout: 15_000, maxPayload: 16 * 1024 * 1024 });
    this.socket = socket;
    socket.on('open', () => {
      this.send({
        type: 'hello',
        certificate: this.identity.certificatePem,
        agent_version: this.version,
        protocol: PROTOCOL_VERSION,
      });
    });
    socket.on('message', (data) => {
      const decoded = decodeServerMessage(String(data));
      if (decoded.kind === 'message') void this.handle(decoded.message);
      else if (decoded.kind === 'unknown')
        this.handlers.log(`ignored a '${decoded.type}' message (server is newer)`);
      else this.handlers.log(`ignored a malformed message from the server (${decoded.reason})`);
    });
    socket.on('close', (code, reason) => {
      if (this.socket === socket) this.socket = null;
      if (code === CloseCode.Revoked) {
        this.handlers.log(
          'this agent was deleted from Dockhand; it will not reconnect (remove its state dir to pair again)',
        );
        this.stopped = true;
        this.handlers.onRevoked();
        return;
      }
      if (this.stopped) return;
      const delay = backoffDelay(this.attempt++);
      this.handlers.log(
        `disconnected (${code}${reason.length ? ` ${reason.toString()}` : ''}); reconnecting in ${delay} ms`,
      );
      this.timer = setTimeout(() => this.connect(), delay);
    });
    socket.on('error', (error) => this.handlers.log(`connection error: ${error.message}`));
  }

  private async handle(message: ServerToAgent): Promise<void> {
    switch (message.type) {
      case 'challenge':
        this.send({ type: 'proof', signature: await signChallenge(this.identity, message.nonce) });
        return;
      case 'pairing':
        this.handlers.onPairingCode(message.code, message.expires_at);
        return;
      case 'welcome':
        this.attempt = 0;
        this.handlers.onWelcome(message.agent_id);
        return;
      case 'request':
        try {
          const result = await this.handlers.onRequest(message.method, message.params);
          this.send({ type: 'response', id: message.id, ok: true, result: result ?? null });
        } catch (error) {
          const code = error instanceof AgentError ? error.code : 'AGENT-000';
          const text = error instanceof Error ? error.message : String(error);
          const output = outputOf(error);
          this.send({
            type: 'response',
            id: message.id,
            ok: false,
            error: { code, message: text, ...(output ? { output } : {}) },
          });
        }
        return;
    }
  }
}
