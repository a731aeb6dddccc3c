/**
 * Pure mapping between the API's app configuration (spec sections 3 and 7), the stored rows and
 * the deployment sent to the agent. Secret values are ciphertext everywhere here; the API shows
 * them as '<encrypted>'.
 */
import { randomUUID } from 'node:crypto';
import type { TemplateDeployment } from '../catalog/template-types.js';
import { DomainError } from '../errors/domain-error.js';
import {
  composeFilesInUse,
  contributedVariables,
  ENCRYPTED_PLACEHOLDER,
  isEncryptedValue,
  type AppDeployment,
  type ComposeFilesInUse,
  type ExtensionValue,
  type SupportedExtension,
} from 'contract';
import type { AppFileRow, AppVariableRow, StoredApp } from './app-store.js';
import { fileLabel, validateAppSize, validateFilename, validateVariableName } from './app-rules.js';
import type { AppDetails } from './app-views.js';

export interface ConfigInput {
  config?: { files?: unknown; variables?: unknown } & Record<string, unknown>;
  files?: unknown;
  variables?: unknown;
}

interface EntryInput {
  id?: unknown;
  filename?: unknown;
  name?: unknown;
  is_encrypted?: unknown;
  type?: unknown;
}

function entries(value: unknown): EntryInput[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new DomainError('INVALID_REQUEST', 'Invalid request');
  return value.filter(
    (entry): entry is EntryInput =>
      typeof entry === 'object' && entry !== null && (entry.type ?? 'user') === 'user',
  );
}

function valuesById(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** Resolves one submitted value: secrets must be ciphertext or the placeholder of a stored secret. */
function resolveValue(
  raw: unknown,
  encrypted: boolean,
  stored: { value: string; encrypted: boolean } | undefined,
  label: string,
): string {
  const value = typeof raw === 'string' ? raw : '';
  if (!encrypted) {
    if (value === ENCRYPTED_PLACEHOLDER)
      throw new DomainError('APP_SECRET_PLACEHOLDER', `${label}: '<encrypted>' is only valid for a secret`);
    return value;
  }
  if (value === ENCRYPTED_PLACEHOLDER) {
    if (!stored?.encrypted)
      throw new DomainError('APP_SECRET_MISSING', `${label}: the stored secret value was not found`);
    return stored.value;
  }
  if (value !== '' && !isEncryptedValue(value)) {
    throw new DomainError(
      'APP_SECRET_NOT_ENCRYPTED',
      `${label}: a secret value must be encrypted with the agent certificate`,
    );
  }
  return value;
}

/** User-type files and variables of a create/update body, as rows of `appId` (ids kept when known). */
export function parseUserEntries(
  input: ConfigInput,
  appId: string,
  existing: StoredApp | null,
): { files: AppFileRow[]; variables: AppVariableRow[] } {
  const contents = valuesById(input.files);
  const values = valuesById(input.variables);
  const oldFiles = new Map((existing?.files ?? []).filter((f) => f.type === 'user').map((f) => [f.id, f]));
  const oldVariables = new Map(
    (existing?.variables ?? []).filter((v) => v.type === 'user').map((v) => [v.id, v]),
  );
  const seenFiles = new Set<string>();
  const files = entries(input.config?.files).map((entry, index): AppFileRow => {
    const filename = validateFilename(entry.filename, index);
    if (seenFiles.has(filename))
      throw new DomainError('APP_FILENAME', `${fileLabel(filename, index)}: Duplicate filename`);
    seenFiles.add(filename);
    const clientId = typeof entry.id === 'string' ? entry.id : '';
    const old = oldFiles.get(clientId);
    const encrypted = entry.is_encrypted === true;
    const content = resolveValue(
      contents[clientId],
      encrypted,
      old && { value: old.content, encrypted: old.is_encrypted === 1 },
      fileLabel(filename, index),
    );
    return {
      id: old ? old.id : randomUUID(),
      app_id: appId,
      filename,
      content,
      is_encrypted: encrypted ? 1 : 0,
      type: 'user',
      position: index,
    };
  });
  validateAppSize(files);
  const seenNames = new Set<string>();
  const variables = entries(input.config?.variables).map((entry, index): AppVariableRow => {
    const name = validateVariableName(entry.name, index);
    if (seenNames.has(name))
      throw new DomainError('APP_VARIABLE', `Variable #${index + 1}: Duplicate variable ${name}`);
    seenNames.add(name);
    const clientId = typeof entry.id === 'string' ? entry.id : '';
    const old = oldVariables.get(clientId);
    const encrypted = entry.is_encrypted === true;
    const value = resolveValue(
      values[clientId],
      encrypted,
      old && { value: old.value, encrypted: old.is_encrypted === 1 },
      `Variable #${index + 1}`,
    );
    return {
      id: old ? old.id : randomUUID(),
      app_id: appId,
      name,
      value,
      is_encrypted: encrypted ? 1 : 0,
      type: 'user',
      position: index,
    };
  });
  return { files, variables };
}

const templateId = (kind: 'file' | 'variable', name: string) => `template-${kind}:${name}`;
const shown = (value: string, encrypted: boolean) =>
  encrypted && value !== '' ? ENCRYPTED_PLACEHOLDER : value;

/** An app's extensions: the values whose provider still exists, and what it supports. */
export interface AppExtensions {
  values: ExtensionValue[];
  supported: SupportedExtension[];
  /** The apps that use the extension this app provides. */
  users: Array<{ id: string; name: string }>;
}

/** App details of spec section 3 (config + tags + versions + contents by id). */
export function toAppDetails(
  stored: StoredApp,
  template: TemplateDeployment | null,
  meta: { tags: { name: string }[]; versions: { name: string; breaking_changes: boolean }[] },
  version: string | null,
  extensions: AppExtensions,
): AppDetails {
  const { app } = stored;
  const files: Record<string, string> = {};
  const variables: Record<string, string> = {};
  const configFiles = [
    ...(template?.files ?? []).map((file) => {
      const id = templateId('file', file.filename);
      files[id] = file.content;
      return { id, filename: file.filename, is_encrypted: false, type: 'inherited' as const, app_id: null };
    }),
    ...stored.files.map((file) => {
      files[file.id] = shown(file.content, file.is_encrypted === 1);
      return {
        id: file.id,
        filename: file.filename,
        is_encrypted: file.is_encrypted === 1,
        type: 'user' as const,
        app_id: app.id,
      };
    }),
  ];
  const filled = new Map(stored.variables.filter((v) => v.type === 'inherited').map((v) => [v.name, v]));
  const configVariables: AppDetails['config']['variables'] = [
    ...(template?.variables ?? [])
      .filter((variable) => !variable.name.startsWith('_'))
      .map((variable) => {
        const id = templateId('variable', variable.name);
        const row = filled.get(variable.name);
        variables[id] = row
          ? shown(row.value, row.is_encrypted === 1)
          : shown(variable.value, variable.is_encrypted);
        return {
          id,
          name: variable.name,
          is_encrypted: variable.is_encrypted,
          type: variable.type,
          app_id: null,
        };
      }),
    ...stored.variables
      .filter((variable) => variable.type === 'user')
      .map((variable) => {
        variables[variable.id] = shown(variable.value, variable.is_encrypted === 1);
        return {
          id: variable.id,
          name: variable.name,
          is_encrypted: variable.is_encrypted === 1,
          type: 'user' as const,
          app_id: app.id,
        };
      }),
  ];
  for (const contributed of contributedVariables(app.id, extensions.values)) {
    variables[contributed.id] = '';
    configVariables.push(contributed);
  }
  return {
    config: {
      id: app.id,
      name: app.name,
      description: app.description,
      version: version ?? app.version,
      template_id: app.template_id,
      extension: app.extension,
      icon: app.icon,
      color: app.color,
      files: configFiles,
      variables: configVariables,
      extension_values: extensions.values,
      supported_extensions: extensions.supported,
    },
    tags: meta.tags,
    versions: meta.versions,
    files,
    variables,
    compose: composeInUseOf(buildDeployment(stored, template)),
    extension_users: extensions.users,
  };
}

function composeInUseOf(deployment: AppDeployment): ComposeFilesInUse {
  return composeFilesInUse(
    deployment.files.map((file) => file.filename),
    deployment.variables,
  );
}

/** What the agent deploys: template files/variables overridden by the app's own (constants win). */
export function buildDeployment(stored: StoredApp, template: TemplateDeployment | null): AppDeployment {
  const files = new Map<string, AppDeployment['files'][number]>();
  for (const file of template?.files ?? [])
    files.set(file.filename, { filename: file.filename, content: file.content, is_encrypted: false });
  for (const file of stored.files)
    files.set(file.filename, {
      filename: file.filename,
      content: file.content,
      is_encrypted: file.is_encrypted === 1,
    });

  const variables = new Map<string, AppDeployment['variables'][number]>();
  const constants = new Set<string>();
  const filled = new Map(stored.variables.filter((v) => v.type === 'inherited').map((v) => [v.name, v]));
  for (const variable of template?.variables ?? []) {
    const row = filled.get(variable.name);
    if (variable.type === 'constant') constants.add(variable.name);
    if (row)
      variables.set(variable.name, {
        name: row.name,
        value: row.value,
        is_encrypted: row.is_encrypted === 1,
      });
    else if (!variable.is_encrypted || variable.value !== '') {
      variables.set(variable.name, {
        name: variable.name,
        value: variable.value,
        is_encrypted: variable.is_encrypted,
      });
    }
  }
  for (const variable of stored.variables.filter((v) => v.type === 'user')) {
    if (constants.has(variable.name)) continue;
    if (variable.is_encrypted === 1 && variable.value === '') continue;
    variables.set(variable.name, {
      name: variable.name,
      value: variable.value,
      is_encrypted: variable.is_encrypted === 1,
    });
  }
  return {
    app_id: stored.app.id,
    project: stored.app.project,
    files: [...files.values()],
    variables: [...variables.values()],
  };
}
