import {
  useCallback,
  useEffect,
  useMemo,
  type CSSProperties,
  type KeyboardEvent,
  type WheelEvent,
} from 'react';
import { List, useDynamicRowHeight, useListCallbackRef, type RowComponentProps } from 'react-window';
import { logLineParts, type LogLine } from './log-buffer';

/** Spec section 9: rows 22 px high (one text line; a wrapped line takes a multiple), overscan 100. */
const LOG_ROW_HEIGHT = 22;
const OVERSCAN = 100;
/** Keys that scroll a focused list upwards: the reader wants to stop following. */
const SCROLL_UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

const STDERR_COLOUR = '#feb2b2';
const STDERR_MARK = '#f56565';
const CONTAINER_COLOUR = '#90cdf4';
const TIME_COLOUR = '#a0aec0';

const NO_CONTAINERS: Readonly<Record<string, string>> = {};

export interface LogViewerProps {
  /** Lines to show, oldest first. */
  logs: readonly LogLine[];
  /** Container id → name, for the line prefix. */
  containers?: Readonly<Record<string, string>>;
  /** Keeps the newest line in view whenever lines change. */
  follow?: boolean;
  /** Called with false when the reader scrolls up while following. */
  onFollowChange?: (follow: boolean) => void;
  /** Changes when `logs` is re-filtered, so that measured row heights are forgotten. */
  layoutKey?: string;
  height?: number;
}

interface RowProps {
  logs: readonly LogLine[];
  containers: Readonly<Record<string, string>>;
}

const rowStyle: CSSProperties = {
  boxSizing: 'border-box',
  minHeight: LOG_ROW_HEIGHT,
  lineHeight: `${LOG_ROW_HEIGHT}px`,
  padding: '0 8px 0 10px',
  fontFamily: 'SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 12,
  // Wrapped lines: long messages continue on the next visual line; the row grows by 22 px per line.
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  borderLeft: '3px solid transparent',
};
const stderrStyle: CSSProperties = { color: STDERR_COLOUR, borderLeftColor: STDERR_MARK };

function LogRow({ index, style, ariaAttributes, logs, containers }: RowComponentProps<RowProps>) {
  const line = logs[index];
  if (!line) return null;
  const { container, time, message } = logLineParts(line, containers);
  const isStderr = line.channel === 'stderr';
  return (
    <div
      {...ariaAttributes}
      data-channel={line.channel}
      style={{ ...style, ...rowStyle, ...(isStderr ? stderrStyle : undefined) }}
    >
      {container ? <span style={{ color: CONTAINER_COLOUR }}>{container} </span> : null}
      <span style={{ color: TIME_COLOUR }}>{time} </span>
      {message}
    </div>
  );
}

function rowKey(index: number, { logs }: RowProps): string | number {
  return logs[index]?.key ?? index;
}

/** The log viewer (react-window). Heavy: only ever imported through LazyLogViewer. */
export default function LogViewer({
  logs,
  containers = NO_CONTAINERS,
  follow = false,
  onFollowChange,
  layoutKey = '',
  height = 480,
}: LogViewerProps) {
  // A state ref: the list hands over a new API once its element is mounted, and the follow effect
  // must run again with that one (the first API cannot scroll yet).
  const [list, setList] = useListCallbackRef(null);
  // Row heights are cached by index: forget them when the first line changes (trimmed, cleared) or
  // the lines are re-filtered, since every index then points at another line.
  const rowHeight = useDynamicRowHeight({
    defaultRowHeight: LOG_ROW_HEIGHT,
    key: `${layoutKey}\u0000${logs[0]?.key ?? ''}`,
  });

  // A new object re-renders every row (the list memoises its rows on it): only when lines change.
  const rowProps = useMemo(() => ({ logs, containers }), [logs, containers]);

  const scrollToNewest = useCallback(() => {
    if (logs.length > 0) list?.scrollToRow({ index: logs.length - 1, align: 'end' });
  }, [list, logs.length]);

  useEffect(() => {
    if (follow) scrollToNewest();
  }, [follow, logs, scrollToNewest]);

  const stopFollowing = () => {
    if (follow) onFollowChange?.(false);
  };

  return (
    <List
      listRef={setList}
      aria-label="Log lines"
      tabIndex={0}
      rowComponent={LogRow}
      rowCount={logs.length}
      rowHeight={rowHeight}
      rowKey={rowKey}
      rowProps={rowProps}
      overscanCount={OVERSCAN}
      onResize={() => {
        if (follow) scrollToNewest();
      }}
      onWheel={(event: WheelEvent<HTMLDivElement>) => {
        if (event.deltaY < 0) stopFollowing();
      }}
      onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => {
        if (SCROLL_UP_KEYS.has(event.key)) stopFollowing();
      }}
      style={{ height }}
    />
  );
}
