import type {
  ADMISSION_POLICY_CAPABILITY,
  AGENT_UPDATE_CAPABILITY,
  AGENT_UPDATES_CAPABILITY,
  AgentFeatureName,
  COMPOSE_VERSION_CAPABILITY,
} from 'contract/rules';
import { formatBytes } from 'contract/rules';
import type { AgentCapability, AgentFeature } from '../types';

/** The named capabilities an agent reports (spec section 3). */
export type CapabilityName =
  | 'agent_version'
  | 'server_ip'
  | 'system_cpu_cores'
  | 'system_disk_total'
  | 'system_memory_total'
  /** These three carry JSON; contract/rules decodes them (decodeAdmissionPolicy, ...). */
  | typeof ADMISSION_POLICY_CAPABILITY
  | typeof AGENT_UPDATES_CAPABILITY
  | typeof AGENT_UPDATE_CAPABILITY
  /** The Compose version apps run with (composeVersionText words it). */
  | typeof COMPOSE_VERSION_CAPABILITY;

export function capabilityValue(
  capabilities: readonly AgentCapability[] | null | undefined,
  name: CapabilityName,
): string | null {
  const value = capabilities?.find((capability) => capability.name === name)?.value;
  return value === undefined || value === null || String(value).trim() === '' ? null : String(value);
}

function positiveNumber(value: string | null): number | null {
  const number = value === null ? Number.NaN : Number(value);
  return Number.isFinite(number) && number > 0 ? number : null;
}

/**
 * The server card's Hardware line: cores, memory and disk joined by bullets, only the parts the
 * agent reported; 'N/A' when none. Memory and disk are reported in bytes.
 */
export function formatHardware(capabilities: readonly AgentCapability[] | null | undefined): string {
  const cores = positiveNumber(capabilityValue(capabilities, 'system_cpu_cores'));
  const memory = positiveNumber(capabilityValue(capabilities, 'system_memory_total'));
  const disk = positiveNumber(capabilityValue(capabilities, 'system_disk_total'));
  const parts = [
    cores === null ? null : `${cores} ${cores === 1 ? 'Core' : 'Cores'}`,
    memory === null ? null : `${formatBytes(memory)} RAM`,
    disk === null ? null : `${formatBytes(disk)} Disk`,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' • ') : 'N/A';
}

/** Whether the agent reports the feature as on; a feature it does not report (an older agent) is off. */
export function isAgentFeatureEnabled(
  agent: { features?: readonly AgentFeature[] | null } | null | undefined,
  feature: AgentFeatureName,
): boolean {
  return agent?.features?.some((entry) => entry.name === feature && entry.is_enabled) ?? false;
}
