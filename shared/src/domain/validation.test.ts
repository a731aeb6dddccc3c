import {
  DEFAULT_INVITE_ROLE,
  canRenameApp,
  hasEmptySelectValue,
  isLogSearchActive,
  planServerRename,
  validateAppName,
  validateFilename,
  validateInviteEmail,
  validateNetworkName,
  validateOrganizationName,
  validateRegistryAddress,
  validateServerRename,
  validateVariableName,
} from './validation';

describe('validateAppName', () => {
  it('requires a name', () => {
    expect(validateAppName('')).toBe('App name is required');
    expect(validateAppName('   ')).toBe('App name is required');
  });

  it('needs a leading letter and only letters, digits and hyphens', () => {
    const message = 'App name must start with a letter and contain only letters, numbers, and hyphens';
    expect(validateAppName('1app')).toBe(message);
    expect(validateAppName('-app')).toBe(message);
    expect(validateAppName('my_app')).toBe(message);
    expect(validateAppName('my app')).toBe(message);
    expect(validateAppName('My-App-2')).toBeNull();
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

describe('validateFilename', () => {
  it('requires a filename', () => {
    expect(validateFilename('')).toBe('Filename is required');
  });

  it('rejects path traversal segments', () => {
    const message = 'Filename must not contain path traversal sequences ("..")';
    expect(validateFilename('../etc/passwd')).toBe(message);
    expect(validateFilename('config/../../x')).toBe(message);
    expect(validateFilename('..')).toBe(message);
  });

  it('allows letters, digits, hyphen, underscore, dot and slash only', () => {
    const message =
      'Filename can only contain letters, numbers, hyphens, underscores, dots, and forward slashes ("/")';
    expect(validateFilename('compose.yml')).toBeNull();
    expect(validateFilename('config/nginx_site-1.conf')).toBeNull();
    expect(validateFilename('a..b.txt')).toBeNull();
    expect(validateFilename('bad name.yml')).toBe(message);
    expect(validateFilename('semi;colon')).toBe(message);
  });
});

describe('validateVariableName', () => {
  it('requires a name', () => {
    expect(validateVariableName('')).toBe('Variable name is required');
  });

  it('needs a letter or underscore first, then letters, digits, underscores', () => {
    const message =
      'Variable name must start with a letter or underscore and contain only letters, numbers, and underscores';
    expect(validateVariableName('1VAR')).toBe(message);
    expect(validateVariableName('MY-VAR')).toBe(message);
    expect(validateVariableName('DB_PASSWORD_2')).toBeNull();
  });

  it('reserves a leading underscore unless overriding or clashing with a non-user variable', () => {
    const message = 'Variable names starting with underscore are reserved and cannot be created by users';
    expect(validateVariableName('_SECRET')).toBe(message);
    expect(validateVariableName('_SECRET', { isOverride: true })).toBeNull();
    expect(validateVariableName('_SECRET', { clashesWithNonUser: true })).toBeNull();
  });
});

describe('organization name', () => {
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
