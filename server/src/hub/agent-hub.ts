import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { WebSocket } from 'ws';
import type { AgentPresence, DockerHealth, ReplicaLink } from './presence.js';
import {
  deletePairingCodesOf,
  findAgentByFingerprint,
  isCertificateRevoked,
  saveAgentReport,
  savePairingCode,
  touchLastSeen,
} from '../agents/agent-store.js';
import type { DatabaseEngine } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { agentErrors } from '../agents/errors.js';
import { PendingRequests } from './pending-requests.js';
import { parseAgentCertificate, verifyProof, type ParsedCertificate } from './certificate.js';
import type { AgentHubConfig } from './config.js';
import { newPairingCode } from '../agents/pairing-code.js';
import { deployOfRequest, DeployProgressBoard } from './deploy-progress-board.js';
import {
  CloseCode,
  decodeAgentMessage,
  type AgentMethod,
  type AgentMethods,
  type AgentToServer,
  type AppStatusEntry,
  type DeployProgress,
  type InventoryEntry,
  type ServerToAgent,
} from 'contract';

interface Session {
  socket: WebSocket;
  /** The client's address (request.ip): unclaimed identities are limited per address. */
  address: string;
  alive: boolean;
  certificate: ParsedCertificate | null;
  nonce: string | null;
  agentId: string | null;
  /** The agent's last `docker-status`: an agent that never sent one is taken at its word of old. */
  dockerResponding: boolean;
}

export interface AgentHubEvents {
  onAppStatus(agentId: string, apps: AppStatusEntry[]): Promise<void>;
  /** What the agent holds (on connect and after every change), to reconcile with the records. */
  onInventory(agentId: string, apps: InventoryEntry[]): Promise<void>;
  log(message: string): void;
}

/** WebSocket close code 1013 'Try Again Later': the agent reconnects with its usual back-off. */
const TRY_AGAIN_LATER = 1013;

/**
 * The WebSocket hub at /agent/connect: authenticates agents by proof of their private key, hands
 * out pairing codes to new ones, tracks who is online (it is the app's `AgentPresence`) and turns
 * server calls into request/response messages with timeouts.
 */
export class AgentHub implements AgentPresence, DockerHealth {
  private readonly online = new Map<string, Session>();
  private readonly awaitingClaim = new Map<string, Session>();
  private readonly requests = new PendingRequests();
  /** Deploys running through this process's connections, with their latest progress. */
  readonly deploys = new DeployProgressBoard();
  private readonly heartbeat: NodeJS.Timeout;
  private replicas: ReplicaLink | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: DatabaseEngine,
    private readonly config: AgentHubConfig,
    private readonly events: AgentHubEvents,
  ) {
    // Detects dead TCP connections (a killed agent host) so presence goes offline.
    this.heartbeat = setInterval(() => this.checkHeartbeats(), 30_000);
    this.heartbeat.unref();
  }

  /** On PostgreSQL: agents connected to other replicas count too, and calls reach them there. */
  joinReplicas(replicas: ReplicaLink): void {
    this.replicas = replicas;
  }

  isOnline(agentId: string): boolean {
    return this.online.has(agentId) || this.replicas?.heldElsewhere(agentId) != null;
  }

  isDockerResponding(agentId: string): boolean {
    const session = this.online.get(agentId);
    if (session) return session.dockerResponding;
    return this.replicas?.heldElsewhere(agentId)?.dockerResponding ?? false;
  }

  /** The agents whose socket this process holds, with their Docker flag. */
  heldHere(): Array<{ agentId: string; dockerResponding: boolean }> {
    return [...this.online].map(([agentId, session]) => ({
      agentId,
      dockerResponding: session.dockerResponding,
    }));
  }

  /** Another replica holds the agent now: this process's socket for it is a stale one. */
  dropStale(agentId: string): void {
    this.online.get(agentId)?.socket.terminate();
  }

  get onlineCount(): number {
    return this.online.size;
  }

  accept(socket: WebSocket, address: string): void {
    const session: Session = {
      socket,
      address,
      alive: true,
      certificate: null,
      nonce: null,
      agentId: null,
      dockerResponding: true,
    };
    const handshake = setTimeout(() => {
      if (!session.agentId && !this.isAwaitingClaim(session))
        socket.close(CloseCode.AuthFailed, 'handshake timeout');
    }, this.config.handshakeTimeoutMs);
    socket.on('pong', () => (session.alive = true));
    socket.on('message', (data) => {
      const decoded = decodeAgentMessage(String(data));
      if (decoded.kind === 'unknown') return; // from a newer agent: nothing to do with it here
      if (decoded.kind === 'invalid') {
        this.events.log(`agent sent a malformed message (${decoded.reason})`);
        socket.close(CloseCode.AuthFailed, 'malformed message');
        return;
      }
      this.handle(session, decoded.message).catch((error: unknown) => {
        this.events.log(`agent message failed: ${error instanceof Error ? error.message : String(error)}`);
        socket.close(1011, 'server error');
      });
    });
    socket.on('close', () => {
      clearTimeout(handshake);
      this.forget(session);
    });
  }

  /**
   * Sends a request to a connected agent, through the replica holding its socket when that is
   * another one; offline → 'Agent is offline' at once.
   */
  request<M extends AgentMethod>(
    agentId: string,
    method: M,
    params: AgentMethods[M]['params'],
    timeoutMs = this.config.requestTimeoutMs,
  ): Promise<AgentMethods[M]['result']> {
    if (!this.online.has(agentId) && this.replicas)
      return this.replicas.request(agentId, method, params, timeoutMs) as Promise<AgentMethods[M]['result']>;
    return this.requestLocal(agentId, method, params, timeoutMs);
  }

  /** A request to an agent connected to this process only (what a hop from another replica asks). */
  requestLocal<M extends AgentMethod>(
    agentId: string,
    method: M,
    params: AgentMethods[M]['params'],
    timeoutMs: number,
  ): Promise<AgentMethods[M]['result']> {
    const session = this.online.get(agentId);
    if (!session) return Promise.reject(agentErrors.offline());
    const deploy = deployOfRequest(method, params);
    if (deploy) this.deploys.begin(deploy.operationId, agentId, deploy.appId);
    const sent = this.requests.start(agentId, method, timeoutMs, (id) =>
      this.send(session, { type: 'request', id, method, params }),
    ) as Promise<AgentMethods[M]['result']>;
    return deploy ? sent.finally(() => this.deploys.end(deploy.operationId)) : sent;
  }

  /** The latest progress of a deploy, kept by the replica holding its agent (deploy-progress-board.ts). */
  async deployProgress(agentId: string, operationId: string): Promise<DeployProgress | null> {
    if (this.online.has(agentId) || !this.replicas) return this.deploys.latest(operationId);
    return this.replicas.deployProgress(agentId, operationId);
  }

  /** The latest progress of a deploy running through this process's connections. */
  deployProgressHere(operationId: string): DeployProgress | null {
    return this.deploys.latest(operationId);
  }

  /** Called when a user claimed the code of a waiting agent: it becomes that agent at once. */
  async agentClaimed(fingerprint: string, agentId: string): Promise<void> {
    if (this.awaitingClaim.has(fingerprint)) return this.welcomeClaimedHere(fingerprint, agentId);
    await this.replicas?.agentClaimed(fingerprint, agentId);
  }

  /** The claimed agent, when it waits on this process. */
  async welcomeClaimedHere(fingerprint: string, agentId: string): Promise<void> {
    const session = this.awaitingClaim.get(fingerprint);
    if (!session) return;
    this.awaitingClaim.delete(fingerprint);
    await this.welcome(session, agentId);
  }

  /** Cuts a connection for good (a deleted agent or a revoked certificate). */
  revoke(agentId: string | null, fingerprint: string | null): void {
    this.revokeHere(agentId, fingerprint);
    this.replicas?.revoke(agentId, fingerprint);
  }

  revokeHere(agentId: string | null, fingerprint: string | null): void {
    if (agentId) this.online.get(agentId)?.socket.close(CloseCode.Revoked, 'agent deleted');
    if (fingerprint) this.awaitingClaim.get(fingerprint)?.socket.close(CloseCode.Revoked, 'agent deleted');
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const session of [...this.online.values(), ...this.awaitingClaim.values()])
      session.socket.close(1001, 'server stopping');
  }

  private async handle(session: Session, message: AgentToServer): Promise<void> {
    switch (message.type) {
      case 'hello':
        return this.onHello(session, message.certificate);
      case 'proof':
        return this.onProof(session, message.signature);
      case 'report':
        if (!session.agentId) return;
        await saveAgentReport(this.db, session.agentId, {
          capabilities: JSON.stringify(message.capabilities),
          features: JSON.stringify(message.features),
        });
        return;
      case 'app-status':
        if (session.agentId) await this.events.onAppStatus(session.agentId, message.apps);
        return;
      case 'docker-status':
        if (session.agentId && session.dockerResponding !== message.is_responding) {
          session.dockerResponding = message.is_responding;
          this.replicas?.dockerChanged(session.agentId, message.is_responding);
          this.events.log(
            `agent ${session.agentId}: Docker ${message.is_responding ? 'responds again' : 'is not responding'}`,
          );
        }
        return;
      case 'inventory':
        if (session.agentId) await this.events.onInventory(session.agentId, message.apps);
        return;
      case 'deploy-progress':
        if (session.agentId)
          this.deploys.report(session.agentId, message.operation_id, message.app_id, message.progress);
        return;
      case 'response':
        if (session.agentId) this.requests.answer(session.agentId, message);
        return;
    }
  }

  private async onHello(session: Session, certificatePem: string): Promise<void> {
    if (session.certificate) return;
    let certificate: ParsedCertificate;
    try {
      certificate = parseAgentCertificate(certificatePem);
    } catch (error) {
      session.socket.close(
        CloseCode.AuthFailed,
        error instanceof Error ? error.message : 'invalid certificate',
      );
      return;
    }
    if (await isCertificateRevoked(this.db, certificate.fingerprint)) {
      session.socket.close(CloseCode.Revoked, 'agent deleted');
      return;
    }
    session.certificate = certificate;
    session.nonce = randomBytes(32).toString('base64');
    this.send(session, { type: 'challenge', nonce: session.nonce });
  }

  private async onProof(session: Session, signature: string): Promise<void> {
    const { certificate, nonce } = session;
    if (!certificate || !nonce || session.agentId) return;
    session.nonce = null; // one proof per challenge
    if (typeof signature !== 'string' || !verifyProof(certificate.publicKey, nonce, signature)) {
      session.socket.close(CloseCode.AuthFailed, 'proof of key failed');
      return;
    }
    const agent = await findAgentByFingerprint(this.db, certificate.fingerprint);
    if (agent) {
      await this.welcome(session, agent.id);
      return;
    }
    // Unclaimed identities cost a row each: a few per address, and a cap on all of them.
    const code = newPairingCode();
    const now = Date.now();
    const expiresAt = now + this.config.pairingCodeTtlMs;
    const saved = await savePairingCode(
      this.db,
      this.engine,
      {
        code,
        certificate: certificate.pem,
        certificate_fingerprint: certificate.fingerprint,
        address: session.address,
        created_at: now,
        expires_at: expiresAt,
      },
      { perAddress: this.config.pairingPerAddress, pending: this.config.pairingPendingLimit },
    );
    if (!saved) {
      session.socket.close(TRY_AGAIN_LATER, 'too many servers waiting to be paired');
      return;
    }
    this.awaitingClaim
      .get(certificate.fingerprint)
      ?.socket.close(CloseCode.Replaced, 'replaced by a newer connection');
    this.awaitingClaim.set(certificate.fingerprint, session);
    this.send(session, { type: 'pairing', code, expires_at: expiresAt });
    const expiry = setTimeout(() => {
      if (this.awaitingClaim.get(certificate.fingerprint) === session)
        session.socket.close(CloseCode.PairingExpired, 'pairing code expired');
    }, this.config.pairingCodeTtlMs);
    expiry.unref();
    session.socket.once('close', () => clearTimeout(expiry));
  }

  private async welcome(session: Session, agentId: string): Promise<void> {
    const previous = this.online.get(agentId);
    if (previous && previous !== session) {
      this.online.delete(agentId);
      previous.socket.close(CloseCode.Replaced, 'replaced by a newer connection');
    }
    session.agentId = agentId;
    this.online.set(agentId, session);
    this.replicas?.claim(agentId, session.dockerResponding);
    if (session.certificate) await deletePairingCodesOf(this.db, session.certificate.fingerprint);
    await touchLastSeen(this.db, agentId, Date.now());
    this.send(session, { type: 'welcome', agent_id: agentId });
  }

  private forget(session: Session): void {
    if (session.certificate && this.awaitingClaim.get(session.certificate.fingerprint) === session) {
      this.awaitingClaim.delete(session.certificate.fingerprint);
      // An unclaimed code is only useful while its agent is connected: purge it now.
      void deletePairingCodesOf(this.db, session.certificate.fingerprint).catch(() => undefined);
    }
    const agentId = session.agentId;
    if (!agentId || this.online.get(agentId) !== session) return;
    this.online.delete(agentId);
    this.replicas?.release(agentId);
    void touchLastSeen(this.db, agentId, Date.now()).catch(() => undefined);
    this.requests.disconnected(agentId);
  }

  private isAwaitingClaim(session: Session): boolean {
    return (
      session.certificate !== null && this.awaitingClaim.get(session.certificate.fingerprint) === session
    );
  }

  private send(session: Session, message: ServerToAgent): void {
    if (session.socket.readyState === session.socket.OPEN) session.socket.send(JSON.stringify(message));
  }

  private checkHeartbeats(): void {
    for (const session of [...this.online.values(), ...this.awaitingClaim.values()]) {
      if (!session.alive) {
        session.socket.terminate();
        continue;
      }
      session.alive = false;
      session.socket.ping();
    }
  }
}
