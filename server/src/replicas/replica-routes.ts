/**
 * The receiving side of replica-to-replica hops (replica-hop.ts): only calls signed with the
 * replicas' shared key (hop-signature.ts) get through, and each acts on this replica's own sockets
 * only, so a hop never hops again. Answers are always 200 with a HopAnswer once signed: the
 * caller tells the agent's errors from a hop that failed.
 */
import { isAgentMethod } from 'contract';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../errors/domain-error.js';
import type { AgentHub } from '../hub/agent-hub.js';
import { publicRoute } from '../http/access.js';
import { loadOrCreateSecret } from '../auth/secrets.js';
import type { AppContext } from '../context.js';
import { HOP_HEADER, HOP_SECRET_NAME, hopSignatureValid } from './hop-signature.js';
import { HOP_PATHS, ReplicaHop, type HopAnswer } from './replica-hop.js';
import { Replicas } from './replica-link.js';
import { SharedPresence } from './shared-presence.js';

/** A deploy at the contract's size limits fits, as on the agent's socket. */
const HOP_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * On PostgreSQL, makes this process one replica among others: its presence is shared from the
 * start, it leaves the table when it closes, and it takes hops once it listens.
 */
/** Resolves with this replica's id. */
export async function joinReplicas(
  app: FastifyInstance,
  context: AppContext,
  hub: AgentHub,
): Promise<string> {
  const log = (message: string) => app.log.warn(message);
  const secret = await loadOrCreateSecret(context.db, HOP_SECRET_NAME);
  const presence = new SharedPresence(context.db, {
    held: () => hub.heldHere(),
    lost: (agentId) => hub.dropStale(agentId),
    log,
  });
  await presence.start();
  hub.joinReplicas(new Replicas(presence, new ReplicaHop(secret), log));
  app.addHook('onListen', async () => {
    await presence.listening(context.config.replicaUrl ?? listenerUrl(app));
  });
  // Leaves the table before the database closes (onClose hooks run last-added first).
  app.addHook('onClose', async () => presence.close());
  await registerHopRoutes(app, hub, secret);
  return presence.replicaId;
}

/** This process's own listener, as another process on this machine reaches it. */
function listenerUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string')
    throw new Error('The server listens on no TCP port; set REPLICA_URL');
  const host = ['0.0.0.0', '::', ''].includes(address.address) ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

async function registerHopRoutes(app: FastifyInstance, hub: AgentHub, secret: string): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: HOP_BODY_LIMIT },
      (request, body, done) => {
        const text = String(body);
        if (!hopSignatureValid(secret, request.headers[HOP_HEADER], request.url, text)) {
          done(Object.assign(new Error('Not a replica of this server'), { statusCode: 401 }));
          return;
        }
        try {
          done(null, JSON.parse(text));
        } catch {
          done(Object.assign(new Error('Invalid request'), { statusCode: 400 }));
        }
      },
    );
    // Reached without a body there is nothing signed: refuse before any handler runs.
    scope.addHook('preHandler', async (request, reply) => {
      if (request.body === undefined)
        return reply.status(401).send({ success: false, message: 'Not a replica of this server' });
    });
    const config = { auth: publicRoute };

    scope.post(HOP_PATHS.request, { config }, async (request): Promise<HopAnswer> => {
      const call = request.body as {
        agentId?: unknown;
        method?: unknown;
        params?: unknown;
        timeoutMs?: unknown;
      };
      if (
        typeof call.agentId !== 'string' ||
        typeof call.method !== 'string' ||
        !isAgentMethod(call.method) ||
        typeof call.timeoutMs !== 'number'
      )
        return { ok: false, code: 'INVALID_REQUEST', message: 'Invalid request' };
      try {
        // The method's params were checked by the replica the user called; the agent checks them too.
        const result = await hub.requestLocal(
          call.agentId,
          call.method,
          call.params as never,
          call.timeoutMs,
        );
        return { ok: true, result };
      } catch (error) {
        if (error instanceof DomainError)
          return { ok: false, code: error.code, message: error.message, output: error.output };
        throw error;
      }
    });

    scope.post(HOP_PATHS.claimed, { config }, async (request): Promise<HopAnswer> => {
      const { fingerprint, agentId } = request.body as { fingerprint?: unknown; agentId?: unknown };
      if (typeof fingerprint !== 'string' || typeof agentId !== 'string')
        return { ok: false, code: 'INVALID_REQUEST', message: 'Invalid request' };
      await hub.welcomeClaimedHere(fingerprint, agentId);
      return { ok: true, result: null };
    });

    scope.post(HOP_PATHS.deployProgress, { config }, async (request): Promise<HopAnswer> => {
      const { operationId } = request.body as { operationId?: unknown };
      if (typeof operationId !== 'string')
        return { ok: false, code: 'INVALID_REQUEST', message: 'Invalid request' };
      return { ok: true, result: hub.deployProgressHere(operationId) };
    });

    scope.post(HOP_PATHS.revoked, { config }, async (request): Promise<HopAnswer> => {
      const { agentId, fingerprint } = request.body as { agentId?: unknown; fingerprint?: unknown };
      hub.revokeHere(
        typeof agentId === 'string' ? agentId : null,
        typeof fingerprint === 'string' ? fingerprint : null,
      );
      return { ok: true, result: null };
    });
  });
}
