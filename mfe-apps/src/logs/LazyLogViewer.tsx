import { lazy, Suspense, type ComponentProps } from 'react';

// react-window forms its own chunk, loaded only when the Logs tab is shown.
const LogViewer = lazy(() => import('./LogViewer'));

export function LazyLogViewer(props: ComponentProps<typeof LogViewer>) {
  return (
    <Suspense fallback={<div style={{ height: props.height ?? 480 }}>Loading logs...</div>}>
      <LogViewer {...props} />
    </Suspense>
  );
}
