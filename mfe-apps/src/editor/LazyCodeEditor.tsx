import { lazy, Suspense } from 'react';
import type { CodeEditorProps } from './CodeEditor';

// react-ace + ace-builds form their own chunk, loaded only on pages that show the editor.
const CodeEditor = lazy(() => import('./CodeEditor'));

export function LazyCodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<div style={{ minHeight: props.minHeight ?? 200 }}>Loading editor...</div>}>
      <CodeEditor {...props} />
    </Suspense>
  );
}
