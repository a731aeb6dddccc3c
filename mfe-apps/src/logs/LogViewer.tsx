import { List, type RowComponentProps } from 'react-window';
import type { LogEntry } from 'shared';

/** Spec section 9: row height 22 px, overscan 100. */
const ROW_HEIGHT = 22;
const OVERSCAN = 100;

function LogRow({ index, style, logs }: RowComponentProps<{ logs: LogEntry[] }>) {
  const entry = logs[index];
  return (
    <div
      style={{ ...style, fontFamily: 'monospace', fontSize: 12, whiteSpace: 'pre' }}
      data-channel={entry?.channel}
    >
      {entry ? `${new Date(entry.timestamp).toISOString()} ${entry.message}` : ''}
    </div>
  );
}

/** The log viewer (react-window). Heavy: only ever imported through LazyLogViewer. */
export default function LogViewer({ logs, height = 400 }: { logs: LogEntry[]; height?: number }) {
  return (
    <List
      rowComponent={LogRow}
      rowCount={logs.length}
      rowHeight={ROW_HEIGHT}
      rowProps={{ logs }}
      overscanCount={OVERSCAN}
      style={{ height }}
    />
  );
}
