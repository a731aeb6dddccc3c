import type { AgentVersion } from 'shared';
import { newestAgentUpdate, orderAgentVersions } from './agent-versions';

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

  it('offers the newest stable version above the running one', () => {
    expect(newestAgentUpdate([version('1.1.0'), version('1.10.0'), version('1.2.0')], '1.0.0')).toBe(
      '1.10.0',
    );
    expect(newestAgentUpdate([version('1.1.0', true)], '1.0.0')).toBeNull();
    expect(newestAgentUpdate([version('1.0.0')], '1.0.0')).toBeNull();
    expect(newestAgentUpdate([version('1.1.0')], null)).toBeNull();
  });
});
