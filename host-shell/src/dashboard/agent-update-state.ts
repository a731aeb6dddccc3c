import {
  AGENT_UPDATE_CAPABILITY,
  AGENT_UPDATES_CAPABILITY,
  capabilityValue,
  decodeUpdateOutcome,
  decodeUpdateSetting,
  type Agent,
  type UpdateOutcomeReport,
} from 'shared';

/** How the last update of an agent ended (its `agent_update` capability, written by its launcher). */
export function lastUpdateOutcome(agent: Agent): UpdateOutcomeReport | null {
  return decodeUpdateOutcome(capabilityValue(agent.capabilities, AGENT_UPDATE_CAPABILITY));
}

/** 'Update to 1.2.0 failed and was rolled back to 1.1.0: it exited (code 1) before it came online' */
export function rolledBackText(outcome: UpdateOutcomeReport): string {
  const back = outcome.previous_version ? ` to ${outcome.previous_version}` : '';
  return `Update to ${outcome.version} failed and was rolled back${back}${outcome.reason ? `: ${outcome.reason}` : ''}`;
}

/**
 * The host's decision about dashboard updates (`agent_updates`): null when the dashboard may
 * update freely, otherwise the sentence that says why it is managed on the host.
 */
export function hostManagedUpdates(agent: Agent): string | null {
  const setting = decodeUpdateSetting(capabilityValue(agent.capabilities, AGENT_UPDATES_CAPABILITY));
  if (!setting) return null;
  if (!setting.dashboard) return 'Updates from the dashboard are turned off on this server.';
  if (typeof setting.pin === 'string') return `This server is pinned to version ${setting.pin}.`;
  return null;
}
