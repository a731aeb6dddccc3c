import {
  ENCRYPTED_PLACEHOLDER,
  type AppConfig,
  type AppDetails,
  type AppFile,
  type AppVariable,
} from 'shared';
import type { ConfigDraft } from './config-draft';

/** Everything of the app's config except its files and variables. */
export type ConfigMeta = Omit<AppConfig, 'files' | 'variables'>;

/** Body of create-app / update-app (spec section 7). */
export interface SavePayload {
  config: ConfigMeta & { files: AppFile[]; variables: AppVariable[] };
  /** File contents by file id. */
  files: Record<string, string>;
  /** Variable values by variable id. */
  variables: Record<string, string>;
}

/** Encrypts one secret value for the agent; `field` names it in the error text. */
export type EncryptValue = (plaintext: string, field: string) => Promise<string>;

export function configMetaOf(details: AppDetails): ConfigMeta {
  const { files: _files, variables: _variables, ...meta } = details.config;
  return meta;
}

/** The placeholder and an empty secret have nothing to encrypt and are sent as they are. */
async function sent(
  value: string,
  encrypted: boolean,
  field: string,
  encrypt: EncryptValue,
): Promise<string> {
  if (!encrypted || value === '' || value === ENCRYPTED_PLACEHOLDER) return value;
  return encrypt(value, field);
}

/**
 * Only user-type files and variables are sent, encrypted values encrypted first; the Extension
 * panel's choices come from the draft.
 */
export async function toSavePayload(
  draft: ConfigDraft,
  meta: ConfigMeta,
  encrypt: EncryptValue,
): Promise<SavePayload> {
  const userFiles = draft.files.filter((file) => file.type === 'user');
  const userVariables = draft.variables.filter((variable) => variable.type === 'user');
  const [contents, values] = await Promise.all([
    Promise.all(userFiles.map((file) => sent(file.content, file.is_encrypted, file.filename, encrypt))),
    Promise.all(userVariables.map((v) => sent(v.value, v.is_encrypted, v.name, encrypt))),
  ]);
  return {
    config: {
      ...meta,
      extension_values: draft.extensionValues,
      supported_extensions: draft.supportedExtensions,
      files: userFiles.map(({ id, filename, is_encrypted, type, app_id }) => ({
        id,
        filename,
        is_encrypted,
        type,
        app_id,
      })),
      variables: userVariables.map(({ id, name, is_encrypted, type, app_id }) => ({
        id,
        name,
        is_encrypted,
        type,
        app_id,
      })),
    },
    files: Object.fromEntries(userFiles.map((file, index) => [file.id, contents[index] ?? ''])),
    variables: Object.fromEntries(userVariables.map((v, index) => [v.id, values[index] ?? ''])),
  };
}
