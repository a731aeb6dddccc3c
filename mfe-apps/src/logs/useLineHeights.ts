import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { DynamicRowHeight } from 'react-window';
import type { LogLine } from './log-buffer';

/** Where react-window's List writes a rendered row's index. */
const ROW_INDEX_ATTRIBUTE = 'data-react-window-index';
const NO_HEIGHTS: ReadonlyMap<string, number> = new Map();

/**
 * Row heights for react-window's List, kept per line (its key) rather than per row index. The
 * buffer drops its oldest lines as new ones come and a search filters them: heights kept per index
 * would then belong to other lines and all be measured again. Only heights other than
 * `defaultHeight` (wrapped lines) are kept, and a measurement that confirms the height the list
 * assumed changes nothing: a busy app's poll mounts ~120 new rows, and their measurements no
 * longer re-render the list and rebuild its row bounds over the whole buffer.
 */
export function useLineHeights(lines: readonly LogLine[], defaultHeight: number): DynamicRowHeight {
  const [heights, setHeights] = useState(NO_HEIGHTS);
  // The newest heights and the lines on screen, for measurements (which name their row by index).
  const latestHeights = useRef(heights);
  const shownLines = useRef(lines);
  useLayoutEffect(() => {
    shownLines.current = lines;
  }, [lines]);

  const record = useCallback(
    (sizes: Iterable<readonly [index: number, size: number]>) => {
      const shown = shownLines.current;
      let next: Map<string, number> | null = null;
      for (const [index, size] of sizes) {
        const key = shown[index]?.key;
        if (key === undefined || !(size > 0)) continue;
        if (size === ((next ?? latestHeights.current).get(key) ?? defaultHeight)) continue;
        next ??= new Map(latestHeights.current);
        if (size === defaultHeight) next.delete(key);
        else next.set(key, size);
      }
      if (!next) return;
      // Forget lines the buffer no longer holds, so that the map stays as small as the buffer.
      if (next.size > shown.length) {
        const kept = new Set(shown.map((line) => line.key));
        for (const key of next.keys()) if (!kept.has(key)) next.delete(key);
      }
      latestHeights.current = next;
      setHeights(next);
    },
    [defaultHeight],
  );

  const observer = useRef<ResizeObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);
  const observeRowElements = useCallback(
    (elements: Element[] | NodeListOf<Element>) => {
      if (typeof ResizeObserver === 'undefined') return () => undefined;
      observer.current ??= new ResizeObserver((entries) =>
        record(
          entries.map(
            (entry) =>
              [
                Number(entry.target.getAttribute(ROW_INDEX_ATTRIBUTE)),
                entry.borderBoxSize[0]?.blockSize ?? 0,
              ] as const,
          ),
        ),
      );
      const rows = Array.from(elements);
      for (const row of rows) observer.current.observe(row);
      return () => {
        for (const row of rows) observer.current?.unobserve(row);
      };
    },
    [record],
  );

  return useMemo(
    () => ({
      getAverageRowHeight: () => defaultHeight,
      getRowHeight: (index: number) => {
        const key = lines[index]?.key;
        return (key === undefined ? undefined : heights.get(key)) ?? defaultHeight;
      },
      setRowHeight: (index: number, size: number) => record([[index, size]]),
      observeRowElements,
    }),
    [lines, heights, defaultHeight, record, observeRowElements],
  );
}
