/**
 * The latest progress of each deploy running through this process's agent connections (issue 14,
 * 'Deploys you can watch'). A deploy is on the board from the moment its request goes to the agent
 * until the agent answers (or the request times out or the agent disconnects); only then are the
 * agent's `deploy-progress` events for it kept, and only the latest one. Nothing is written to the
 * database and nothing is kept once the deploy ends.
 */
import type { AgentMethod, DeployProgress } from 'contract';

interface Running {
  agentId: string;
  appId: string;
  progress: DeployProgress | null;
}

/** The deploy a request starts on the agent (its operation and app), or null for any other request. */
export function deployOfRequest(
  method: AgentMethod,
  params: unknown,
): { operationId: string; appId: string } | null {
  const p = params as { operation_id?: string; app_id?: string; deployment?: { app_id: string } };
  if (!p.operation_id || !p.deployment) return null;
  if (method === 'app.deploy') return { operationId: p.operation_id, appId: p.deployment.app_id };
  if (method === 'app.control' && p.app_id) return { operationId: p.operation_id, appId: p.app_id };
  return null;
}

export class DeployProgressBoard {
  private readonly running = new Map<string, Running>();

  begin(operationId: string, agentId: string, appId: string): void {
    this.running.set(operationId, { agentId, appId, progress: null });
  }

  end(operationId: string): void {
    this.running.delete(operationId);
  }

  /** An agent's event: kept when that agent runs that deploy of that app here, else dropped. */
  report(agentId: string, operationId: string, appId: string, progress: DeployProgress): void {
    const running = this.running.get(operationId);
    if (running?.agentId === agentId && running.appId === appId) running.progress = progress;
  }

  /** The deploy's latest progress; null before its first event or once it ended. */
  latest(operationId: string): DeployProgress | null {
    return this.running.get(operationId)?.progress ?? null;
  }

  /** How many deploys are on the board (tests: nothing stays after they end). */
  get size(): number {
    return this.running.size;
  }
}
