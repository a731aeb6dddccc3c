// What the app pages use of the configuration editor.
export { ConfigEditor } from './ConfigEditor';
export type { ConfigEditorProps } from './ConfigEditor';
export { VALIDATION_ERRORS_TITLE } from './ValidationErrors';
export { createDraft, isDirty, withoutSecretValues } from './config-draft';
export type { ConfigDraft, DraftFile, DraftVariable } from './config-draft';
export { validateDraft } from './draft-validation';
export { configMetaOf, toSavePayload } from './save-payload';
export type { ConfigMeta, EncryptValue, SavePayload } from './save-payload';
