/**
 * The deploy tests' simulated agent (issue 14): it answers app calls as the real one does (a
 * deploy or control: the app running; a delete: gone; each with what compose printed). A test can
 * make the next call fail with the agent's words, or have deploys held while they run until it
 * finishes them (to watch and cancel a running deploy), cancelled by `operation.cancel` as the
 * real agent cancels.
 */
import type { AppDeployment } from 'contract';
import { startWithPairedAgent, type PairedAgent } from './paired-agent.js';
import { AgentFailure } from './simulated-agent.js';

/** A deploy the agent received and holds until the test finishes it (or it is cancelled). */
export interface HeldDeploy {
  operationId: string;
  appId: string;
  finish(failure?: AgentFailure): void;
}

export interface DeployingAgent extends PairedAgent {
  /** Every request the agent received, in order. */
  requests: { method: string; params: Record<string, unknown> }[];
  /** The next request fails with this (its message and compose output), whatever it is; null: none. */
  failNext(failure: AgentFailure | null): void;
  /** The next deploy the agent holds after this call (with `holdDeploys`). */
  nextHeld(): Promise<HeldDeploy>;
}

export async function startWithDeployingAgent(options: {
  email: string;
  name: string;
  organization: string;
  /** Deploys that carry an operation id run until the test finishes them; undos (none) are answered at once. */
  holdDeploys?: boolean;
}): Promise<DeployingAgent> {
  const { holdDeploys, ...owner } = options;
  const held: HeldDeploy[] = [];
  const requests: DeployingAgent['requests'] = [];
  let failNext: AgentFailure | null = null;
  const paired = await startWithPairedAgent({
    ...owner,
    plan: 'free',
    answer: (method, raw) => {
      const params = raw as { app_id?: string; operation_id?: string; deployment?: AppDeployment };
      requests.push({ method, params: raw as Record<string, unknown> });
      const failure = failNext;
      if (failure) {
        failNext = null;
        throw failure;
      }
      if (method === 'operation.cancel') {
        const deploy = held.find((entry) => entry.operationId === params.operation_id);
        deploy?.finish(new AgentFailure('The deploy was cancelled. The previous version was restored.', ''));
        return { cancelled: deploy !== undefined };
      }
      const printed = `$ docker compose ${method === 'app.delete' ? 'down' : 'up -d'}\n ✔ Container web  Started`;
      if (method === 'app.delete') return { deleted: true, output: printed };
      const appId = params.deployment?.app_id ?? params.app_id ?? '';
      const answer = { app_id: appId, status: 1, output: printed };
      const operationId = params.operation_id;
      if (!holdDeploys || method !== 'app.deploy' || !operationId) return answer;
      return new Promise((resolve, reject) => {
        held.push({
          operationId,
          appId,
          finish: (failed) => (failed ? reject(failed) : resolve(answer)),
        });
      });
    },
  });
  return {
    ...paired,
    requests,
    failNext: (failure) => {
      failNext = failure;
    },
    nextHeld: async () => {
      const count = held.length;
      await paired.agent.waitFor(() => held.length > count);
      return held[count]!;
    },
  };
}
