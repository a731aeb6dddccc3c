import { ManifestError, parseRemotesManifest } from './manifest';

describe('parseRemotesManifest', () => {
  const valid = {
    remotes: {
      'mfe-catalog': {
        stable: '1.0.0',
        history: ['1.0.0'],
        rollouts: [
          { version: '1.1.0', percent: 10, orgs: ['o1'] },
          { version: '9.9.9', percent: 5, orgs: [] },
        ],
        versions: {
          '1.0.0': { entry: '/remotes/mfe-catalog/1.0.0/remoteEntry.js' },
          '1.1.0': { entry: '/r/1.1.0/remoteEntry.js' },
        },
      },
    },
  };

  it('keeps valid releases and drops rules for versions that are not released', () => {
    const manifest = parseRemotesManifest(valid);
    expect(manifest.remotes['mfe-catalog']?.rollouts).toEqual([
      { version: '1.1.0', percent: 10, orgs: ['o1'] },
    ]);
  });

  it.each([
    [null, '"remotes" is missing'],
    [{ remotes: { x: { stable: '2.0.0', versions: {} } } }, 'x: stable version is not released'],
    [{ remotes: { x: { stable: '1.0.0', versions: { '1.0.0': {} } } } }, 'x@1.0.0: entry is missing'],
    [
      { remotes: { x: { ...valid.remotes['mfe-catalog'], rollouts: [{ version: '1.1.0', percent: 140 }] } } },
      'x: rollout percent must be 0–100',
    ],
  ])('rejects %j with a clear error', (input, message) => {
    expect(() => parseRemotesManifest(input)).toThrow(ManifestError);
    expect(() => parseRemotesManifest(input)).toThrow(message);
  });
});
