import { capabilityValue, formatHardware, isAgentFeatureEnabled } from './capabilities';

describe('capabilities', () => {
  it('reads a capability by name, treating blank as missing', () => {
    const capabilities = [
      { name: 'agent_version', value: '1.2.0' },
      { name: 'server_ip', value: ' ' },
    ];
    expect(capabilityValue(capabilities, 'agent_version')).toBe('1.2.0');
    expect(capabilityValue(capabilities, 'server_ip')).toBeNull();
    expect(capabilityValue(undefined, 'server_ip')).toBeNull();
  });

  it('joins cores, memory and disk with bullets', () => {
    const capabilities = [
      { name: 'system_cpu_cores', value: '4' },
      { name: 'system_memory_total', value: String(8 * 1024 ** 3) },
      { name: 'system_disk_total', value: String(80 * 1024 ** 3) },
    ];
    expect(formatHardware(capabilities)).toBe('4 Cores • 8 GB RAM • 80 GB Disk');
  });

  it('shows only the reported parts and N/A when there are none', () => {
    expect(formatHardware([{ name: 'system_cpu_cores', value: '1' }])).toBe('1 Core');
    expect(formatHardware([{ name: 'system_cpu_cores', value: 'many' }])).toBe('N/A');
    expect(formatHardware([])).toBe('N/A');
  });

  it('counts a feature on only when the agent reports it enabled', () => {
    const features = [
      { name: 'app_logs', is_enabled: true },
      { name: 'docker_networks', is_enabled: false },
    ];
    expect(isAgentFeatureEnabled({ features }, 'app_logs')).toBe(true);
    expect(isAgentFeatureEnabled({ features }, 'docker_networks')).toBe(false);
    expect(isAgentFeatureEnabled({ features }, 'docker_registries')).toBe(false);
    expect(isAgentFeatureEnabled(null, 'app_logs')).toBe(false);
  });
});
