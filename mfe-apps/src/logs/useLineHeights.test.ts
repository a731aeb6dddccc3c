import { act, renderHook } from '@testing-library/react';
import { toLogLine, type LogLine } from './log-buffer';
import { useLineHeights } from './useLineHeights';

const ROW = 22;
const lines = (...messages: string[]): LogLine[] =>
  messages.map((message, index) =>
    toLogLine({ timestamp: 1_000 + index, container_id: 'c1', channel: 'stdout', message }),
  );
const [a, b, c, d] = lines('a', 'b (wrapped on two lines)', 'c', 'd');

function renderHeights(initial: readonly LogLine[]) {
  return renderHook(({ shown }) => useLineHeights(shown, ROW), { initialProps: { shown: initial } });
}
const heightsOf = (result: { current: ReturnType<typeof useLineHeights> }, count: number) =>
  Array.from({ length: count }, (_, index) => result.current.getRowHeight(index));

describe('useLineHeights', () => {
  it('keeps a measured height with its line when older lines leave the buffer or a search filters it', () => {
    const { result, rerender } = renderHeights([a!, b!, c!]);
    act(() => result.current.setRowHeight(1, 2 * ROW));
    expect(heightsOf(result, 3)).toEqual([ROW, 2 * ROW, ROW]);

    rerender({ shown: [b!, c!, d!] });
    expect(heightsOf(result, 3)).toEqual([2 * ROW, ROW, ROW]);

    rerender({ shown: [d!, b!] });
    expect(heightsOf(result, 2)).toEqual([ROW, 2 * ROW]);
  });

  it('changes nothing when a measurement confirms the default height, so the list does not render again', () => {
    const { result } = renderHeights([a!, b!]);
    const before = result.current;
    act(() => result.current.setRowHeight(0, ROW));
    expect(result.current).toBe(before);

    act(() => result.current.setRowHeight(1, 2 * ROW));
    expect(result.current).not.toBe(before);
    act(() => result.current.setRowHeight(1, ROW));
    expect(heightsOf(result, 2)).toEqual([ROW, ROW]);
  });

  it('gives the default height to rows it has not measured and ignores rows outside the lines', () => {
    const { result } = renderHeights([a!]);
    act(() => result.current.setRowHeight(5, 3 * ROW));
    expect(result.current.getRowHeight(0)).toBe(ROW);
    expect(result.current.getAverageRowHeight()).toBe(ROW);
  });
});
