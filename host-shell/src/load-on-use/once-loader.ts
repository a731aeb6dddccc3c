import { useEffect, useRef, useState } from 'react';

/** Code loaded on first use: one load at a time, its result kept (`value`). */
export interface OnceLoader<T> {
  load(): Promise<T>;
  readonly value: T | undefined;
}

/**
 * Runs `load` once and keeps what it gave. A failed load is forgotten, so the next call tries
 * again: a chunk that failed on a dropped connection may well load a moment later.
 */
export function onceLoader<T>(load: () => Promise<T>): OnceLoader<T> {
  let loading: Promise<T> | undefined;
  let value: T | undefined;
  return {
    load: () =>
      (loading ??= load().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    get value() {
      return value;
    },
  };
}

/**
 * What `loader` gives, once it has, for a component: starts the load after a render that `wants`
 * it (at once when it is already in). A failed load goes to `onError`, unless the component has
 * gone or stopped wanting it; it loads again when it is wanted anew (or mounted anew).
 */
export function useOnceLoaded<T>(
  loader: OnceLoader<T>,
  wants: boolean,
  onError: (error: unknown) => void,
): T | undefined {
  const [value, setValue] = useState(() => loader.value);
  const reportError = useRef(onError);
  useEffect(() => {
    reportError.current = onError;
  });
  useEffect(() => {
    if (!wants || value !== undefined) return undefined;
    let current = true;
    loader.load().then(
      (loaded) => {
        if (current) setValue(() => loaded);
      },
      (error: unknown) => {
        if (current) reportError.current(error);
      },
    );
    return () => {
      current = false;
    };
  }, [loader, wants, value]);
  return value;
}
