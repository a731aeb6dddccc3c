import { useEffect, type RefObject } from 'react';

/**
 * Calls `onNear` once the element comes within `margin` of the viewport (a CSS margin, as
 * IntersectionObserver's rootMargin), then stops watching. Needs IntersectionObserver: callers
 * without it (the tests' DOM) treat everything as near instead of calling this.
 */
export function useWhenNearViewport(
  ref: RefObject<Element | null>,
  margin: string,
  onNear: () => void,
): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        onNear();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, onNear]);
}

/** Whether the browser can tell what is near the viewport (the tests' DOM cannot). */
export const CAN_OBSERVE_VIEWPORT = typeof IntersectionObserver !== 'undefined';
