import { ADMISSION_POLICY_CAPABILITY, encodeAdmissionPolicy, type NamedValue } from 'contract';

/**
 * The admission policy: what a compose app may ask of the host. Only the host's owner widens it
 * (the host configuration file, `dockhand-agent policy ...`); nothing the server sends changes it.
 */
export interface AdmissionPolicy {
  /** Everything allowed: privileged containers, host namespaces, any bind mount, the Docker socket. */
  hostAccess: boolean;
  /** Absolute host folders apps may bind-mount or build from, besides their own folder. */
  bindRoots: string[];
}

export const DEFAULT_POLICY: AdmissionPolicy = { hostAccess: false, bindRoots: [] };

/** One thing the policy refuses: which service (or top-level entry), which option, and why. */
export interface PolicyRefusal {
  /** `service web`, `volume data`, `secret db_password`, ... */
  subject: string;
  option: string;
  reason: string;
}

/** The host command that widens the policy, shown with every refusal and in Server Settings. */
export const POLICY_COMMAND = 'dockhand-agent policy';

export function refusalMessage(refusals: PolicyRefusal[]): string {
  const lines = refusals.map((r) => `${r.subject}: ${r.option}: ${r.reason}`);
  return (
    `Refused by this server's admission policy: ${lines.join('; ')}. ` +
    `Only the server's owner can allow this, on the server itself ` +
    `(\`${POLICY_COMMAND} allow-bind <folder>\` or \`${POLICY_COMMAND} host-access on\`, then restart the agent).`
  );
}

/** The policy as the agent reports it to the server (contract: the admission_policy capability). */
export function policyCapability(policy: AdmissionPolicy): NamedValue {
  return {
    name: ADMISSION_POLICY_CAPABILITY,
    value: encodeAdmissionPolicy({ host_access: policy.hostAccess, bind_roots: policy.bindRoots }),
  };
}
