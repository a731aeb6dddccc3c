import {
  compareVersions,
  compareVersionsDescending,
  isNewerVersion,
  parseVersion,
  sortByVersionDescending,
  stripVersionPrefix,
} from './versions';

describe('parseVersion', () => {
  it('accepts an optional leading v and ignores any suffix after a dash', () => {
    expect(parseVersion('v1.2.3')).toEqual({ major: 1, minor: 2, patch: 3 });
    expect(parseVersion('1.2.3-beta.4')).toEqual({ major: 1, minor: 2, patch: 3 });
    expect(parseVersion('V10.20.30-rc1')).toEqual({ major: 10, minor: 20, patch: 30 });
  });

  it('fills missing parts with zero and rejects strings without a number', () => {
    expect(parseVersion('2')).toEqual({ major: 2, minor: 0, patch: 0 });
    expect(parseVersion('2.5')).toEqual({ major: 2, minor: 5, patch: 0 });
    expect(parseVersion('latest')).toBeNull();
    expect(parseVersion('')).toBeNull();
  });
});

describe('compareVersions', () => {
  it('compares numerically on major.minor.patch', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBeGreaterThan(0);
    expect(compareVersions('v2.0.0', '10.0.0')).toBeLessThan(0);
    expect(compareVersions('1.2.3', 'v1.2.3')).toBe(0);
  });

  it('treats versions that differ only after the dash as equal', () => {
    expect(compareVersions('1.2.3-beta', '1.2.3')).toBe(0);
    expect(isNewerVersion('1.2.3-rc.1', '1.2.3')).toBe(false);
    expect(isNewerVersion('1.2.4', '1.2.3-rc.9')).toBe(true);
  });

  it('sorts unparsable versions below parsable ones', () => {
    expect(compareVersions('latest', '0.0.1')).toBeLessThan(0);
    expect(compareVersions('0.0.1', 'latest')).toBeGreaterThan(0);
    expect(compareVersions('latest', 'edge')).toBe(0);
  });
});

describe('descending order', () => {
  it('is numeric-aware and ignores a leading v', () => {
    const sorted = ['1.2.0', 'v10.0.0', '9.1.0', 'v1.10.0'].sort(compareVersionsDescending);
    expect(sorted).toEqual(['v10.0.0', '9.1.0', 'v1.10.0', '1.2.0']);
  });

  it('sorts objects without mutating the input', () => {
    const input = [{ name: '1.0.0' }, { name: '1.0.10' }, { name: '1.0.2' }];
    const sorted = sortByVersionDescending(input, (item) => item.name);
    expect(sorted.map((item) => item.name)).toEqual(['1.0.10', '1.0.2', '1.0.0']);
    expect(input[0]?.name).toBe('1.0.0');
  });

  it('strips only one leading v', () => {
    expect(stripVersionPrefix(' v1.0 ')).toBe('1.0');
    expect(stripVersionPrefix('vv1')).toBe('v1');
  });
});
