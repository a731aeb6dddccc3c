/**
 * Capabilities with a structured value. `report.capabilities` is a list of named strings (spec
 * section 3); these carry JSON whose shape is fixed here, once: the agent encodes them, the server
 * and the dashboard decode them. Schema-free (plain guards), so the browser bundles can use them.
 */

/**
 * `admission_policy`: the admission policy the agent enforces, set on the host only (the
 * dashboard shows it read-only and disables catalog apps that need more).
 */
export const ADMISSION_POLICY_CAPABILITY = 'admission_policy';
export interface AdmissionPolicyReport {
  /** Everything allowed: privileged containers, host namespaces, any folder, the Docker socket. */
  host_access: boolean;
  /** Absolute host folders apps may bind-mount and build from, besides their own folder. */
  bind_roots: string[];
}

/**
 * Agent features (`report.features`, spec section 3): what the dashboard may ask of the agent. The
 * host's owner can turn each off in the agent's host configuration, never from the dashboard; the
 * agent then reports it disabled (the dashboard says so) and refuses its methods.
 */
export const AGENT_FEATURES = ['app_logs', 'docker_registries', 'docker_networks', 'docker_volumes'] as const;
export type AgentFeatureName = (typeof AGENT_FEATURES)[number];
export const isAgentFeatureName = (name: unknown): name is AgentFeatureName =>
  (AGENT_FEATURES as readonly unknown[]).includes(name);

/** `agent_updates`: set on the host; `dashboard: false` = no dashboard updates, `pin` = that version only. */
export const AGENT_UPDATES_CAPABILITY = 'agent_updates';
export interface UpdateSettingReport {
  dashboard: boolean;
  pin: string | null;
}

/** `agent_update`: written by the agent's launcher, reported by the agent that runs afterwards. */
export const AGENT_UPDATE_CAPABILITY = 'agent_update';
export interface UpdateOutcomeReport {
  status: 'succeeded' | 'rolled_back';
  version: string;
  previous_version: string;
  reason?: string;
  at: number;
}

export function encodeAdmissionPolicy(report: AdmissionPolicyReport): string {
  return JSON.stringify({ host_access: report.host_access, bind_roots: report.bind_roots });
}

export function encodeUpdateSetting(report: UpdateSettingReport): string {
  return JSON.stringify({ dashboard: report.dashboard, pin: report.pin });
}

export function encodeUpdateOutcome(report: UpdateOutcomeReport): string {
  return JSON.stringify(report);
}

type Fields = Record<string, unknown>;

function decode<T>(value: string | null | undefined, fits: (fields: Fields) => boolean): T | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && fits(parsed as Fields) ? (parsed as T) : null;
  } catch {
    return null;
  }
}

/** null for a missing or malformed value (an agent from before the policy reports none). */
export const decodeAdmissionPolicy = (value: string | null | undefined) =>
  decode<AdmissionPolicyReport>(
    value,
    (fields) =>
      typeof fields.host_access === 'boolean' &&
      Array.isArray(fields.bind_roots) &&
      fields.bind_roots.every((root) => typeof root === 'string'),
  );

/** null for a missing or malformed value (an agent from before host-side update settings). */
export const decodeUpdateSetting = (value: string | null | undefined) =>
  decode<UpdateSettingReport>(
    value,
    (fields) =>
      typeof fields.dashboard === 'boolean' && (fields.pin === null || typeof fields.pin === 'string'),
  );

/** null for a missing or malformed value (no update has ended yet). */
export const decodeUpdateOutcome = (value: string | null | undefined) =>
  decode<UpdateOutcomeReport>(
    value,
    (fields) =>
      (fields.status === 'succeeded' || fields.status === 'rolled_back') &&
      typeof fields.version === 'string' &&
      typeof fields.previous_version === 'string' &&
      (fields.reason === undefined || typeof fields.reason === 'string') &&
      typeof fields.at === 'number',
  );
