// jsdom cannot run ace: tests edit file contents through a plain textarea with the same props.
import type { CodeEditorProps } from '../CodeEditor';

export function LazyCodeEditor({ value, onChange, readOnly, ariaLabel, minHeight }: CodeEditorProps) {
  return (
    <textarea
      aria-label={ariaLabel ?? 'code'}
      data-min-height={minHeight}
      value={value}
      readOnly={readOnly}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
