/**
 * Capabilities with a structured value. `report.capabilities` is a list of named strings (spec
 * section 3); these carry JSON whose shape is fixed here.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/**
 * `admission_policy`: the admission policy the agent enforces, set on the host only (the
 * dashboard shows it read-only and disables catalog apps that need more).
 */
export const ADMISSION_POLICY_CAPABILITY = 'admission_policy';
export const AdmissionPolicyReport = Type.Object({
  /** Everything allowed: privileged containers, host namespaces, any folder, the Docker socket. */
  host_access: Type.Boolean(),
  /** Absolute host folders apps may bind-mount and build from, besides their own folder. */
  bind_roots: Type.Array(Type.String()),
});
export type AdmissionPolicyReport = Static<typeof AdmissionPolicyReport>;

export function encodeAdmissionPolicy(report: AdmissionPolicyReport): string {
  return JSON.stringify({ host_access: report.host_access, bind_roots: report.bind_roots });
}

/** null for a missing or malformed value (an agent from before the policy reports none). */
export function decodeAdmissionPolicy(value: string | null | undefined): AdmissionPolicyReport | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return Value.Check(AdmissionPolicyReport, parsed) ? parsed : null;
  } catch {
    return null;
  }
}
