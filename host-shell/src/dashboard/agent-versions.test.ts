import type { AgentVersion } from 'shared';
import { isAgentUpdateAvailable, orderAgentVersions } from './agent-versions';

const version = (version_number: string, is_beta = false): AgentVersion => ({
  version_number,
  name: `v${version_number}`,
  is_beta,
  message: '',
  url: '',
});

describe('agent versions', () => {
  it('orders newest first', () => {
    expect(
      orderAgentVersions([version('1.2.0'), version('1.10.0'), version('v1.9.1')]).map(
        (v) => v.version_number,
      ),
    ).toEqual(['1.10.0', 'v1.9.1', '1.2.0']);
  });

  it('offers an update only for a newer stable version', () => {
    expect(isAgentUpdateAvailable([version('1.1.0')], '1.0.0')).toBe(true);
    expect(isAgentUpdateAvailable([version('1.1.0', true)], '1.0.0')).toBe(false);
    expect(isAgentUpdateAvailable([version('1.0.0')], '1.0.0')).toBe(false);
    expect(isAgentUpdateAvailable([version('1.1.0')], null)).toBe(false);
  });
});
