import { expect, test } from '@playwright/test';
import {
  applyRelease,
  ReleaseError,
  validateRelease,
  type RemotesManifest,
} from '../../scripts/release-manifest.mjs';

// The rules of `pnpm release` on the manifest, without building anything.

const now = new Date('2026-11-22T12:00:00Z');
const publish = (
  manifest: RemotesManifest | null,
  version: string,
  percent: number,
  orgs: string[] = [],
): RemotesManifest => applyRelease(manifest, { remote: 'mfe-catalog', version, percent, orgs }, now);

test('the first release of a remote becomes its stable version', () => {
  const manifest = publish(null, '1.0.0', 100);
  expect(manifest.remotes['mfe-catalog']).toEqual({
    stable: '1.0.0',
    history: ['1.0.0'],
    rollouts: [],
    versions: {
      '1.0.0': { entry: '/remotes/mfe-catalog/1.0.0/remoteEntry.js', releasedAt: now.toISOString() },
    },
  });
});

test('a partial release adds a rollout rule; 100 % makes it stable for everyone; rollback restores', () => {
  let manifest = publish(null, '1.0.0', 100);
  manifest = publish(manifest, '1.1.0', 10, ['org-a']);
  expect(manifest.remotes['mfe-catalog']).toMatchObject({
    stable: '1.0.0',
    rollouts: [{ version: '1.1.0', percent: 10, orgs: ['org-a'] }],
  });
  manifest = publish(manifest, '1.1.0', 30);
  expect(manifest.remotes['mfe-catalog']!.rollouts).toEqual([{ version: '1.1.0', percent: 30, orgs: [] }]);
  manifest = publish(manifest, '1.1.0', 100);
  expect(manifest.remotes['mfe-catalog']).toMatchObject({
    stable: '1.1.0',
    history: ['1.0.0', '1.1.0'],
    rollouts: [],
  });
  manifest = publish(manifest, '1.0.0', 100);
  expect(manifest.remotes['mfe-catalog']).toMatchObject({
    stable: '1.0.0',
    history: ['1.0.0', '1.1.0', '1.0.0'],
    rollouts: [],
  });
});

test('rollouts of one remote cannot add up to more than 100 %', () => {
  let manifest = publish(null, '1.0.0', 100);
  manifest = publish(manifest, '1.1.0', 60);
  expect(() => publish(manifest, '1.2.0', 50)).toThrow(ReleaseError);
});

test('bad input is refused with a clear message', () => {
  const valid = { remote: 'mfe-apps', version: '1.2.3', percent: 5, orgs: [] };
  expect(() => validateRelease(valid)).not.toThrow();
  expect(() => validateRelease({ ...valid, remote: 'mfe-nope' })).toThrow('unknown remote "mfe-nope"');
  expect(() => validateRelease({ ...valid, version: '../../etc' })).toThrow('--version must look like 1.4.0');
  expect(() => validateRelease({ ...valid, percent: 101 })).toThrow(
    '--percent must be a whole number from 0 to 100',
  );
  expect(() => validateRelease({ ...valid, orgs: ['a b'] })).toThrow(
    '--orgs must be comma-separated organization ids',
  );
});
