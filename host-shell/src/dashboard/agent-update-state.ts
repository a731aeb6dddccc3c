import { capabilityValue, type Agent } from 'shared';

/** How the last update of an agent ended (its `agent_update` capability, written by its launcher). */
export interface AgentUpdateOutcome {
  status: 'succeeded' | 'rolled_back';
  version: string;
  previous_version: string;
  reason?: string;
  at: number;
}

function parse(value: string | null): Record<string, unknown> | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function lastUpdateOutcome(agent: Agent): AgentUpdateOutcome | null {
  const outcome = parse(capabilityValue(agent.capabilities, 'agent_update'));
  if (!outcome || (outcome.status !== 'succeeded' && outcome.status !== 'rolled_back')) return null;
  if (typeof outcome.version !== 'string') return null;
  return {
    status: outcome.status,
    version: outcome.version,
    previous_version: String(outcome.previous_version ?? ''),
    reason: typeof outcome.reason === 'string' ? outcome.reason : undefined,
    at: Number(outcome.at ?? 0),
  };
}

/** 'Update to 1.2.0 failed and was rolled back to 1.1.0: it exited (code 1) before it came online' */
export function rolledBackText(outcome: AgentUpdateOutcome): string {
  const back = outcome.previous_version ? ` to ${outcome.previous_version}` : '';
  return `Update to ${outcome.version} failed and was rolled back${back}${outcome.reason ? `: ${outcome.reason}` : ''}`;
}

/**
 * The host's decision about dashboard updates (`agent_updates`): null when the dashboard may
 * update freely, otherwise the sentence that says why it is managed on the host.
 */
export function hostManagedUpdates(agent: Agent): string | null {
  const setting = parse(capabilityValue(agent.capabilities, 'agent_updates'));
  if (!setting) return null;
  if (setting.dashboard === false) return 'Updates from the dashboard are turned off on this server.';
  if (typeof setting.pin === 'string') return `This server is pinned to version ${setting.pin}.`;
  return null;
}
