// What the app pages use of the configuration editor.
export { ConfigEditor } from './ConfigEditor';
export { createDraft, isDirty, withoutSecretValues } from './config-draft';
export type { ConfigDraft } from './config-draft';
export { validateDraft } from './draft-validation';
export { configMetaOf, toSavePayload } from './save-payload';
export { FIX_ERRORS_BEFORE_SAVING, isSaveShortcut } from './save-shortcut';
export { providerApps } from './extension-draft';
