/**
 * The hub's requests waiting for their agent's answer: each settles once, by the agent's response,
 * by its timeout, or when the agent's connection goes (outcome unknown).
 */
import { hubErrors } from './errors.js';

interface PendingRequest {
  agentId: string;
  resolve(result: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export type AgentAnswer =
  | { id: string; ok: true; result?: unknown }
  | { id: string; ok: false; error: { message: string; output?: string } };

export class PendingRequests {
  private readonly waiting = new Map<string, PendingRequest>();
  private nextId = 1;

  /** Registers a request and hands its id to `send`; rejects with the timeout error after `timeoutMs`. */
  start(agentId: string, method: string, timeoutMs: number, send: (id: string) => void): Promise<unknown> {
    const id = String(this.nextId++);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(hubErrors.timeout(method, timeoutMs));
      }, timeoutMs);
      this.waiting.set(id, { agentId, resolve, reject, timer });
      send(id);
    });
  }

  /** The agent's answer (only the agent that was asked can answer). */
  answer(agentId: string, answer: AgentAnswer): void {
    const pending = this.waiting.get(answer.id);
    if (!pending || pending.agentId !== agentId) return;
    this.waiting.delete(answer.id);
    clearTimeout(pending.timer);
    if (answer.ok) pending.resolve(answer.result);
    else pending.reject(hubErrors.agentFailed(answer.error.message, answer.error.output));
  }

  /** The agent's connection went: whatever it was asked may or may not have happened. */
  disconnected(agentId: string): void {
    for (const [id, pending] of this.waiting) {
      if (pending.agentId !== agentId) continue;
      this.waiting.delete(id);
      clearTimeout(pending.timer);
      pending.reject(hubErrors.disconnected());
    }
  }
}
