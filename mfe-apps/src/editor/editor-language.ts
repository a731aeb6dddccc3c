/** Ace modes the configuration editor knows; everything else is edited as plain text. */
export type EditorLanguage = 'yaml' | 'json' | 'sh' | 'ini' | 'text';

const LANGUAGE_BY_EXTENSION: Readonly<Record<string, EditorLanguage>> = {
  yml: 'yaml',
  yaml: 'yaml',
  json: 'json',
  sh: 'sh',
  bash: 'sh',
  env: 'ini',
  ini: 'ini',
  cfg: 'ini',
};

/** Spec section 2: the language follows the file extension; unknown extensions give plain text. */
export function languageForFilename(filename: string): EditorLanguage {
  const basename = filename.slice(filename.lastIndexOf('/') + 1);
  const dot = basename.lastIndexOf('.');
  if (dot < 0) return 'text';
  return LANGUAGE_BY_EXTENSION[basename.slice(dot + 1).toLowerCase()] ?? 'text';
}
