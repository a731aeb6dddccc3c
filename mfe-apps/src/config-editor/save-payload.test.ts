import { ENCRYPTED_PLACEHOLDER } from 'shared';
import { createDraft, overrideVariable } from './config-draft';
import { configMetaOf, toSavePayload } from './save-payload';
import { APP_ID, appDetails } from './test-fixtures';

const details = appDetails({
  files: [
    { id: 'tpl', filename: 'compose.yml', content: 'services: {}', type: 'inherited' },
    { id: 'own', filename: 'extra.yml', content: 'x: 1' },
    { id: 'key', filename: 'key.pem', content: 'PRIVATE', is_encrypted: true },
  ],
  variables: [
    { id: 'port', name: 'PORT', value: '80', type: 'inherited' },
    { id: 'mode', name: 'MODE', value: 'prod', type: 'constant' },
    { id: 'user', name: 'USER', value: 'app' },
    { id: 'pass', name: 'PASSWORD', value: 'hunter2', is_encrypted: true },
    { id: 'token', name: 'TOKEN', value: ENCRYPTED_PLACEHOLDER, is_encrypted: true },
  ],
});
const fakeEncrypt = jest.fn(async (plaintext: string, field: string) => `enc(${field}:${plaintext})`);

describe('toSavePayload', () => {
  beforeEach(() => fakeEncrypt.mockClear());

  it('sends the config with only the user-type files and variables', async () => {
    const payload = await toSavePayload(createDraft(details), configMetaOf(details), fakeEncrypt);
    expect(payload.config).toMatchObject({ id: APP_ID, name: 'shop', version: '1.0.0', icon: 'Package' });
    expect(payload.config.files.map((f) => f.id)).toEqual(['own', 'key']);
    expect(payload.config.variables.map((v) => v.id)).toEqual(['user', 'pass', 'token']);
    expect(payload.config.files[0]).toEqual({
      id: 'own',
      filename: 'extra.yml',
      is_encrypted: false,
      type: 'user',
      app_id: APP_ID,
    });
    expect(Object.keys(payload.files)).toEqual(['own', 'key']);
    expect(Object.keys(payload.variables)).toEqual(['user', 'pass', 'token']);
  });

  it('encrypts secret values, passes plain values and the unchanged placeholder as they are', async () => {
    const payload = await toSavePayload(createDraft(details), configMetaOf(details), fakeEncrypt);
    expect(payload.files).toEqual({ own: 'x: 1', key: 'enc(key.pem:PRIVATE)' });
    expect(payload.variables).toEqual({
      user: 'app',
      pass: 'enc(PASSWORD:hunter2)',
      token: ENCRYPTED_PLACEHOLDER,
    });
    expect(fakeEncrypt).toHaveBeenCalledTimes(2);
  });

  it('sends an override as a user variable', async () => {
    const draft = overrideVariable(createDraft(details), 'port');
    const payload = await toSavePayload(draft, configMetaOf(details), fakeEncrypt);
    expect(payload.config.variables.filter((v) => v.name === 'PORT')).toEqual([
      expect.objectContaining({ type: 'user' }),
    ]);
  });

  it('fails with the encryption error', async () => {
    const failing = jest.fn(async () => {
      throw new Error('Failed to encrypt data PASSWORD: bad key');
    });
    await expect(toSavePayload(createDraft(details), configMetaOf(details), failing)).rejects.toThrow(
      'Failed to encrypt data PASSWORD: bad key',
    );
  });
});
