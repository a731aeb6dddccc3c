/**
 * Agent releases across the boundary: what the release key signs, and the two update
 * capabilities the agent reports (`agent_updates`: the host's setting; `agent_update`: how the
 * last update ended). The publishing script (scripts/publish-agent-release.mjs) signs with
 * `releaseStatement` from contract's build, the agent verifies with the same function.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/** The text the Ed25519 release key signs: a version bound to its bundle's SHA-256 (hex). */
export function releaseStatement(version: string, sha256: string): string {
  return `dockhand-agent-release:1:${version}:${sha256}`;
}

/** `agent_updates`: set on the host; `dashboard: false` = no dashboard updates, `pin` = that version only. */
export const AGENT_UPDATES_CAPABILITY = 'agent_updates';
export const UpdateSettingReport = Type.Object({
  dashboard: Type.Boolean(),
  pin: Type.Union([Type.String(), Type.Null()]),
});
export type UpdateSettingReport = Static<typeof UpdateSettingReport>;

/** `agent_update`: written by the agent's launcher, reported by the agent that runs afterwards. */
export const AGENT_UPDATE_CAPABILITY = 'agent_update';
export const UpdateOutcomeReport = Type.Object({
  status: Type.Union([Type.Literal('succeeded'), Type.Literal('rolled_back')]),
  version: Type.String(),
  previous_version: Type.String(),
  reason: Type.Optional(Type.String()),
  at: Type.Number(),
});
export type UpdateOutcomeReport = Static<typeof UpdateOutcomeReport>;

export function encodeUpdateSetting(report: UpdateSettingReport): string {
  return JSON.stringify({ dashboard: report.dashboard, pin: report.pin });
}

export function encodeUpdateOutcome(report: UpdateOutcomeReport): string {
  return JSON.stringify(report);
}

function decode<T>(schema: Parameters<typeof Value.Check>[0], value: string | null | undefined): T | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return Value.Check(schema, parsed) ? (parsed as T) : null;
  } catch {
    return null;
  }
}

/** null for a missing or malformed value (an agent from before host-side update settings). */
export const decodeUpdateSetting = (value: string | null | undefined) =>
  decode<UpdateSettingReport>(UpdateSettingReport, value);

export const decodeUpdateOutcome = (value: string | null | undefined) =>
  decode<UpdateOutcomeReport>(UpdateOutcomeReport, value);
