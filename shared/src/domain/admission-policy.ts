import { ADMISSION_POLICY_CAPABILITY, decodeAdmissionPolicy } from 'contract/rules';
import type { AgentCapability, CatalogItem } from '../types';
import { capabilityValue } from './capabilities';

/**
 * The admission policy an agent enforces, as it reports it (capability `admission_policy`, JSON
 * `{host_access, bind_roots}`). Only the host's owner changes it, on the server itself.
 */
export interface AdmissionPolicyView {
  hostAccess: boolean;
  bindRoots: string[];
}

/** The host command that changes the policy (agent/src/cli.ts). */
export const ADMISSION_POLICY_COMMAND = 'dockhand-agent policy';
export const HOST_ACCESS_COMMAND = `${ADMISSION_POLICY_COMMAND} host-access on`;
export const AGENT_RESTART_COMMAND = 'systemctl restart dockhand-agent';

/**
 * The policy decoded by the contract's rule (contract/rules/capabilities.ts); null when the agent
 * does not report one (an agent from before the policy) or reports garbage.
 */
export function admissionPolicyOf(
  capabilities: readonly AgentCapability[] | null | undefined,
): AdmissionPolicyView | null {
  const report = decodeAdmissionPolicy(capabilityValue(capabilities, ADMISSION_POLICY_CAPABILITY));
  return report && { hostAccess: report.host_access, bindRoots: report.bind_roots };
}

/**
 * Why a catalog app cannot be installed on this server, or null when it can: the app declares it
 * needs host access and the server's policy does not allow it. An agent that reports no policy
 * enforces none.
 */
export function hostAccessBlock(
  item: Pick<CatalogItem, 'name' | 'host_access'>,
  capabilities: readonly AgentCapability[] | null | undefined,
): string | null {
  if (!item.host_access) return null;
  const policy = admissionPolicyOf(capabilities);
  if (!policy || policy.hostAccess) return null;
  return (
    `${item.name} needs host access: ${item.host_access} This server's admission policy does not ` +
    `allow it. Only the server's owner can change that, on the server: ` +
    `${HOST_ACCESS_COMMAND}, then ${AGENT_RESTART_COMMAND}.`
  );
}
