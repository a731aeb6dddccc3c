import {
  DEFAULT_INVITE_ROLE,
  canRenameApp,
  hasEmptySelectValue,
  isLogSearchActive,
  planServerRename,
  validateAppName,
  validateInviteEmail,
  validateNetworkName,
  validateOrganizationName,
  validateRegistryAddress,
  validateServerRename,
} from './validation';

describe('validateAppName', () => {
  it('caps app names at 63 characters (a DNS label)', () => {
    expect(validateAppName(`a${'b'.repeat(62)}`)).toBeNull();
    expect(validateAppName(`a${'b'.repeat(63)}`)).toBe('App name must be 63 characters or less');
  });

  it('rejects an existing name case-insensitively except the current one', () => {
    const existingNames = ['Nextcloud', 'gitea'];
    expect(validateAppName('nextcloud', { existingNames })).toBe('An app with this name already exists');
    expect(validateAppName('GITEA', { existingNames, currentName: 'gitea' })).toBeNull();
    expect(validateAppName('gitea', { existingNames, currentName: 'Nextcloud' })).toBe(
      'An app with this name already exists',
    );
  });

  it('offers rename only for a valid, different, non-empty name', () => {
    expect(canRenameApp('new', 'old', null)).toBe(true);
    expect(canRenameApp('old', 'old', null)).toBe(false);
    expect(canRenameApp('  ', 'old', null)).toBe(false);
    expect(canRenameApp('new', 'old', 'An app with this name already exists')).toBe(false);
  });
});

describe('organization name', () => {
  it('refuses control and format characters, as the server does', () => {
    for (const name of ['Acme\u0000', 'Acme\r\nX', 'Acme \u202Egnp.exe', 'Ac\u200Bme', 'Acme\uD800'])
      expect(validateOrganizationName(name)).toBe(
        'Organization name must not contain control characters or invisible formatting characters',
      );
    expect(validateOrganizationName('Équipe 🚀')).toBeNull();
  });

  it('is required and at most 255 characters', () => {
    expect(validateOrganizationName(' ')).toBe('Organization name is required');
    expect(validateOrganizationName('a'.repeat(256))).toBe(
      'Organization name must be 255 characters or less',
    );
    expect(validateOrganizationName('a'.repeat(255))).toBeNull();
  });
});

describe('server rename', () => {
  it('validates id, presence and minimum length on the call', () => {
    expect(validateServerRename('', 'abc')).toBe('Server ID is required');
    expect(validateServerRename('id', undefined)).toBe('Server name is required');
    expect(validateServerRename('id', '  ')).toBe('Server name is required');
    expect(validateServerRename('id', ' ab ')).toBe('Server name must have at least 3 characters');
    expect(validateServerRename('id', 'abc')).toBeNull();
  });

  it('blocks an empty name in the UI and skips the call when unchanged', () => {
    expect(planServerRename('prod', '  ')).toEqual({ kind: 'error', message: 'Server name cannot be empty' });
    expect(planServerRename('prod', ' prod ')).toEqual({ kind: 'unchanged' });
    expect(planServerRename('prod', 'ab')).toEqual({
      kind: 'error',
      message: 'Server name must have at least 3 characters',
    });
    expect(planServerRename('prod', ' staging ')).toEqual({ kind: 'rename', name: 'staging' });
  });
});

describe('small required fields', () => {
  it('gives the exact messages', () => {
    expect(validateRegistryAddress('')).toBe('Address is required');
    expect(validateRegistryAddress('ghcr.io')).toBeNull();
    expect(validateRegistryAddress('registry.example.com:5000/team')).toBeNull();
    for (const address of ['https://ghcr.io', 'ghcr.io\r\nx', 'a b', 'ghcr.io:99999'])
      expect(validateRegistryAddress(address)).toBe(
        'Address must be a registry host with an optional port and path, such as registry.example.com:5000',
      );
    expect(validateRegistryAddress(`${'a'.repeat(300)}.io`)).toBe('Address must be 255 characters or less');
    expect(validateInviteEmail('ada\u202E@a.test')).toBe('Email address is not valid');
    expect(validateNetworkName(' ')).toBe('Network name is required');
    expect(validateNetworkName('web')).toBeNull();
    expect(validateInviteEmail('')).toBe('Email is required');
    expect(validateInviteEmail('a@b.c')).toBeNull();
    expect(DEFAULT_INVITE_ROLE).toBe('admin');
  });

  it('searches logs only with more than 2 characters', () => {
    expect(isLogSearchActive('ab')).toBe(false);
    expect(isLogSearchActive('abc')).toBe(true);
  });

  it('flags empty select values', () => {
    expect(hasEmptySelectValue(['a', ''])).toBe(true);
    expect(hasEmptySelectValue(['a'])).toBe(false);
  });
});
