import { config as aceConfig } from 'ace-builds';
import AceEditor from 'react-ace';
// Only the modes of `EditorLanguage`; 'text' is built into ace.
import 'ace-builds/src-noconflict/mode-ini';
import 'ace-builds/src-noconflict/mode-json';
import 'ace-builds/src-noconflict/mode-sh';
import 'ace-builds/src-noconflict/mode-yaml';
import 'ace-builds/src-noconflict/theme-github';
import { languageForFilename } from './editor-language';

// Syntax workers would start from blob: URLs, which the page's CSP (script-src 'self') refuses.
aceConfig.setDefaultValue('session', 'useWorker', false);

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Spec section 9: minimum 200px, 300px for files. */
  minHeight?: number;
  readOnly?: boolean;
  /** The language is inferred from its extension; without a filename the content is YAML (compose). */
  filename?: string;
  /** Accessible name of the editor's text input. */
  ariaLabel?: string;
}

/** The configuration editor (react-ace). Heavy: only ever imported through LazyCodeEditor. */
export default function CodeEditor({
  value,
  onChange,
  minHeight = 200,
  readOnly = false,
  filename,
  ariaLabel,
}: CodeEditorProps) {
  return (
    <AceEditor
      mode={filename === undefined ? 'yaml' : languageForFilename(filename)}
      theme="github"
      width="100%"
      height={`${minHeight}px`}
      value={value}
      onChange={onChange}
      readOnly={readOnly}
      setOptions={{ tabSize: 2, ...(ariaLabel ? { textInputAriaLabel: ariaLabel } : {}) }}
    />
  );
}
