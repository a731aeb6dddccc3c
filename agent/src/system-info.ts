import { readFileSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import os from 'node:os';
import { policyCapability, type AdmissionPolicy } from './policy/admission-policy.js';
import { AGENT_FEATURES, type AgentFeatureName, type Feature, type NamedValue } from 'contract';

declare const __DOCKHAND_AGENT_VERSION__: string | undefined;

/** Version baked into the bundle at build time; from agent/package.json when run from source. */
export function agentVersion(): string {
  if (typeof __DOCKHAND_AGENT_VERSION__ === 'string') return __DOCKHAND_AGENT_VERSION__;
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

function serverIp(): string {
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (address.family === 'IPv4' && !address.internal) return address.address;
    }
  }
  return '127.0.0.1';
}

async function diskTotal(): Promise<number> {
  try {
    const stats = await statfs('/');
    return stats.blocks * stats.bsize;
  } catch {
    return 0;
  }
}

/**
 * Capabilities of spec section 3 (values as strings; sizes in bytes), plus `admission_policy`:
 * the policy in force, for Server Settings and the catalog (JSON `{host_access, bind_roots}`).
 */
export async function collectCapabilities(
  policy: AdmissionPolicy,
  version = agentVersion(),
): Promise<NamedValue[]> {
  return [
    { name: 'agent_version', value: version },
    { name: 'server_ip', value: serverIp() },
    { name: 'system_cpu_cores', value: String(os.cpus().length) },
    { name: 'system_memory_total', value: String(os.totalmem()) },
    { name: 'system_disk_total', value: String(await diskTotal()) },
    policyCapability(policy),
  ];
}

/** Every feature, disabled where the host's owner turned it off. */
export function agentFeatures(featuresOff: readonly AgentFeatureName[]): Feature[] {
  return AGENT_FEATURES.map((name) => ({ name, is_enabled: !featuresOff.includes(name) }));
}
