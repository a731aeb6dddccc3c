/**
 * The calling side of a replica-to-replica hop (issue 17, server/README 'Several replicas'): a
 * request for an agent whose socket another replica holds goes to that replica over HTTP and
 * comes back as the same answer or DomainError a local call gives. What a failure means:
 * - the connection could not be made: the request never reached the agent → 'Agent is offline';
 * - the replica went away after the request was sent → 'The agent disconnected before answering'
 *   (outcome unknown: operations/operation-log.ts settles it from the agent's journal);
 * - no answer within the agent timeout plus a margin → the agent timeout's error.
 */
import http from 'node:http';
import { DomainError } from '../errors/domain-error.js';
import { agentErrors } from '../agents/errors.js';
import { hubErrors } from '../hub/errors.js';
import { HOP_HEADER, signHop } from './hop-signature.js';

export const HOP_PATHS = {
  request: '/internal/replicas/agent-request',
  claimed: '/internal/replicas/agent-claimed',
  revoked: '/internal/replicas/agent-revoked',
  deployProgress: '/internal/replicas/deploy-progress',
} as const;

/** A hop's answer on the wire: the agent's result, or the DomainError the holder's hub raised. */
export type HopAnswer =
  { ok: true; result: unknown } | { ok: false; code: string; message: string; output?: string };

/** Time for the hop itself on top of the agent's own timeout, which the holder applies. */
const HOP_MARGIN_MS = 5_000;

export class ReplicaHop {
  constructor(private readonly secret: string) {}

  async request(
    url: string,
    call: { agentId: string; method: string; params: unknown; timeoutMs: number },
  ): Promise<unknown> {
    const answer = await this.post(url, HOP_PATHS.request, call, call.timeoutMs + HOP_MARGIN_MS).catch(
      (error: unknown) => {
        if (error instanceof HopNotSent) throw agentErrors.offline();
        if (error instanceof HopTimedOut) throw hubErrors.timeout(call.method, call.timeoutMs);
        throw hubErrors.disconnected();
      },
    );
    if (answer.ok) return answer.result;
    throw new DomainError(answer.code, answer.message, answer.output);
  }

  /** A question for one replica (not an agent call): its answer, or the error the hop met. */
  async ask(url: string, path: string, body: unknown): Promise<unknown> {
    const answer = await this.post(url, path, body, HOP_MARGIN_MS);
    if (answer.ok) return answer.result;
    throw new DomainError(answer.code, answer.message, answer.output);
  }

  /** Tells each replica (best effort: an agent not told reconnects and is welcomed then). */
  async tell(urls: string[], path: string, body: unknown): Promise<string[]> {
    const failures: string[] = [];
    await Promise.all(
      urls.map((url) =>
        this.post(url, path, body, HOP_MARGIN_MS).catch((error: Error) => {
          failures.push(`${url}: ${error.message}`);
        }),
      ),
    );
    return failures;
  }

  private post(base: string, path: string, body: unknown, timeoutMs: number): Promise<HopAnswer> {
    const text = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      let connected = false;
      // A fresh connection per hop: a reused keep-alive socket the peer just closed would make a
      // request that never arrived look like one whose outcome is unknown.
      const request = http.request(new URL(path, base), {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          [HOP_HEADER]: signHop(this.secret, path, text),
        },
      });
      const timer = setTimeout(() => {
        request.destroy(new HopTimedOut());
      }, timeoutMs);
      request.on('socket', (socket) => socket.once('connect', () => (connected = true)));
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(error instanceof HopTimedOut ? error : connected ? error : new HopNotSent(error.message));
      });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
        response.on('end', () => {
          clearTimeout(timer);
          const raw = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode !== 200) {
            // Refused before anything reached the agent (a bad signature, a body too large).
            reject(new HopNotSent(`replica answered ${response.statusCode}: ${raw.slice(0, 200)}`));
            return;
          }
          try {
            resolve(JSON.parse(raw) as HopAnswer);
          } catch {
            reject(new Error(`replica answered malformed JSON`));
          }
        });
      });
      request.end(text);
    });
  }
}

class HopNotSent extends Error {}
class HopTimedOut extends Error {
  constructor() {
    super('hop timed out');
  }
}
