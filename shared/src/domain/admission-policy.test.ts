import { admissionPolicyOf, hostAccessBlock } from './admission-policy';

const reported = (value: string) => [{ name: 'admission_policy', value }];

describe('admission policy', () => {
  it('reads the policy the agent reports, and nothing from an older agent or a garbled value', () => {
    expect(admissionPolicyOf(reported('{"host_access":false,"bind_roots":["/srv/a"]}'))).toEqual({
      hostAccess: false,
      bindRoots: ['/srv/a'],
    });
    expect(admissionPolicyOf([])).toBeNull();
    expect(admissionPolicyOf(reported('{not json'))).toBeNull();
    expect(admissionPolicyOf(reported('{"host_access":"yes","bind_roots":[]}'))).toBeNull();
  });

  it('blocks an app that needs host access only where the policy refuses it', () => {
    const item = { name: 'Portainer', host_access: 'It manages Docker through its socket.' };
    expect(hostAccessBlock(item, reported('{"host_access":false,"bind_roots":[]}'))).toMatch(
      /^Portainer needs host access: It manages Docker through its socket\. This server's admission policy does not allow it\./,
    );
    expect(hostAccessBlock(item, reported('{"host_access":true,"bind_roots":[]}'))).toBeNull();
    expect(
      hostAccessBlock(
        { name: 'Gitea', host_access: null },
        reported('{"host_access":false,"bind_roots":[]}'),
      ),
    ).toBeNull();
  });
});
