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
