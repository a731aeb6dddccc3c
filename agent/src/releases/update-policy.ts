import { AGENT_UPDATES_CAPABILITY, encodeUpdateSetting, type NamedValue } from 'contract';
import { AgentError, AgentErrorCode } from '../errors.js';

/**
 * Whether the dashboard may update this agent, decided on the host (host-config.json `updates`,
 * `dockhand-agent updates ...`): `dashboard: false` turns dashboard-triggered updates off; a `pin`
 * lets the dashboard install that one version only.
 */
export interface UpdatePolicy {
  dashboard: boolean;
  pin: string | null;
}

export const DEFAULT_UPDATE_POLICY: UpdatePolicy = { dashboard: true, pin: null };
export const UPDATES_COMMAND = 'dockhand-agent updates';
export const RELEASE_VERSION = /^v?\d+(\.\d+){0,3}(-[0-9A-Za-z][0-9A-Za-z.-]*)?$/i;

/** The `agent_updates` capability: the dashboard says 'managed on the host' unless dashboard && !pin. */
export function updatePolicyCapability(policy: UpdatePolicy): NamedValue {
  return { name: AGENT_UPDATES_CAPABILITY, value: encodeUpdateSetting(policy) };
}

/** The agent's own check: the server cannot override what the host decided. */
export function requireDashboardUpdate(policy: UpdatePolicy, version: string): void {
  if (!policy.dashboard)
    throw new AgentError(
      AgentErrorCode.UpdatesManagedOnHost,
      'Agent updates are managed on the host: dashboard updates are turned off on this server',
    );
  if (policy.pin && policy.pin.replace(/^v/i, '') !== version.replace(/^v/i, ''))
    throw new AgentError(
      AgentErrorCode.UpdatesManagedOnHost,
      `Agent updates are managed on the host: this server is pinned to ${policy.pin}`,
    );
}
