// Fixtures of the config-editor tests (not shipped: only test files import this module).
import type { AppDetails, AppFile, AppVariable } from 'shared';

export const APP_ID = 'app-1';

type FileSpec = Partial<AppFile> & { filename: string; content?: string };
type VariableSpec = Partial<AppVariable> & { name: string; value?: string };

/** App details as get-app returns them: template items first (no app id), then the app's own. */
export function appDetails({
  files = [],
  variables = [],
}: {
  files?: FileSpec[];
  variables?: VariableSpec[];
}): AppDetails {
  const fileEntries = files.map(({ content = '', ...file }, index) => ({
    entry: {
      id: file.id ?? `f${index + 1}`,
      filename: file.filename,
      is_encrypted: file.is_encrypted ?? false,
      type: file.type ?? 'user',
      app_id: file.app_id === undefined ? (file.type === 'inherited' ? null : APP_ID) : file.app_id,
    } satisfies AppFile,
    content,
  }));
  const variableEntries = variables.map(({ value = '', ...variable }, index) => ({
    entry: {
      id: variable.id ?? `v${index + 1}`,
      name: variable.name,
      is_encrypted: variable.is_encrypted ?? false,
      type: variable.type ?? 'user',
      app_id:
        variable.app_id === undefined
          ? variable.type && variable.type !== 'user'
            ? null
            : APP_ID
          : variable.app_id,
    } satisfies AppVariable,
    value,
  }));
  return {
    config: {
      id: APP_ID,
      name: 'shop',
      description: null,
      version: '1.0.0',
      template_id: 'tpl-shop',
      extension: null,
      icon: 'Package',
      color: '#3B82F6',
      files: fileEntries.map(({ entry }) => entry),
      variables: variableEntries.map(({ entry }) => entry),
      extension_values: [],
      supported_extensions: [],
    },
    tags: [],
    versions: [],
    files: Object.fromEntries(fileEntries.map(({ entry, content }) => [entry.id, content])),
    variables: Object.fromEntries(variableEntries.map(({ entry, value }) => [entry.id, value])),
  };
}
