import { config as aceConfig } from 'ace-builds';
import AceEditor from 'react-ace';
import 'ace-builds/src-noconflict/mode-yaml';
import 'ace-builds/src-noconflict/theme-github';

// Syntax workers would start from blob: URLs, which the page's CSP (script-src 'self') refuses.
aceConfig.setDefaultValue('session', 'useWorker', false);

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Spec section 9: minimum 200px, 300px for files. */
  minHeight?: number;
  readOnly?: boolean;
}

/** The configuration editor (react-ace). Heavy: only ever imported through LazyCodeEditor. */
export default function CodeEditor({ value, onChange, minHeight = 200, readOnly = false }: CodeEditorProps) {
  return (
    <AceEditor
      mode="yaml"
      theme="github"
      width="100%"
      height={`${minHeight}px`}
      value={value}
      onChange={onChange}
      readOnly={readOnly}
      setOptions={{ tabSize: 2 }}
    />
  );
}
