import { useLayoutEffect, useRef } from 'react';

/**
 * A ref holding the value of the last render. Row callbacks read the draft through it, so they
 * keep their identity across keystrokes and the memoised rows that did not change skip rendering.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
