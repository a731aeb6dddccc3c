import { useCallback, useEffect, useMemo, type KeyboardEvent, type WheelEvent } from 'react';
import { List, useListCallbackRef, type RowComponentProps } from 'react-window';
import { logLineParts, type LogLine } from './log-buffer';
import { useLineHeights } from './useLineHeights';

/** Spec section 9: rows 22 px high (one text line; a wrapped line takes a multiple), overscan 100. */
const LOG_ROW_HEIGHT = 22;
const OVERSCAN = 100;
/** Keys that scroll a focused list upwards: the reader wants to stop following. */
const SCROLL_UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

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
  height?: number;
}

interface RowProps {
  logs: readonly LogLine[];
  containers: Readonly<Record<string, string>>;
}

/**
 * The rows' look, in one style sheet rather than inline: a poll can mount a hundred new rows, and
 * the browser styles rows sharing a class once instead of each row's own dozen declarations.
 * Wrapped lines: long messages continue on the next visual line; the row grows by 22 px per line.
 */
const ROW_CSS = `
.dh-log-row {
  box-sizing: border-box;
  min-height: ${LOG_ROW_HEIGHT}px;
  line-height: ${LOG_ROW_HEIGHT}px;
  padding: 0 8px 0 10px;
  font-family: SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 12px;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  border-left: 3px solid transparent;
}
.dh-log-row[data-channel='stderr'] { color: #feb2b2; border-left-color: #f56565; }
.dh-log-container { color: #90cdf4; }
.dh-log-time { color: #a0aec0; }
`;

function LogRow({ index, style, ariaAttributes, logs, containers }: RowComponentProps<RowProps>) {
  const line = logs[index];
  if (!line) return null;
  const { container, time, message } = logLineParts(line, containers);
  return (
    <div {...ariaAttributes} className="dh-log-row" data-channel={line.channel} style={style}>
      {container ? <span className="dh-log-container">{`${container} `}</span> : null}
      <span className="dh-log-time">{`${time} `}</span>
      {message}
    </div>
  );
}

/** The log viewer (react-window). Heavy: only ever imported through LazyLogViewer. */
export default function LogViewer({
  logs,
  containers = NO_CONTAINERS,
  follow = false,
  onFollowChange,
  height = 480,
}: LogViewerProps) {
  // A state ref: the list hands over a new API once its element is mounted, and the follow effect
  // must run again with that one (the first API cannot scroll yet).
  const [list, setList] = useListCallbackRef(null);
  const rowHeight = useLineHeights(logs, LOG_ROW_HEIGHT);

  // A new object re-renders every row (the list memoises its rows on it): only when lines change.
  // Rows are keyed by position (the list's default): a busy app's poll, whose lines are all new,
  // then updates the text of the rows on screen instead of removing them and creating others.
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
    <>
      <style href="dockhand-log-rows" precedence="default">
        {ROW_CSS}
      </style>
      <List
        listRef={setList}
        aria-label="Log lines"
        tabIndex={0}
        rowComponent={LogRow}
        rowCount={logs.length}
        rowHeight={rowHeight}
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
    </>
  );
}
