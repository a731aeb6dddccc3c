import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type PointerEvent } from 'react';
import { useEventSubscription } from 'shared';
import { ShellCloseButton } from '../looks/plain-controls';
import { ToastStore, type ToastItem, type ToastVariant } from './toast-store';

/** Swipe right to dismiss: movement starts after 10 px (touch) or 2 px (other pointers), dismisses past 50 px. */
const SWIPE_START_TOUCH_PX = 10;
const SWIPE_START_POINTER_PX = 2;
const SWIPE_DISMISS_PX = 50;
const HOTKEY = 'F8';

/** Each variant's colours: its look in shell.css (`dh-toast-<variant>`, see shell-stylesheet). */
export const TOAST_VARIANT_STYLES: Record<ToastVariant, { bg: string; color: string; borderColor: string }> =
  {
    default: { bg: 'white', color: 'gray.800', borderColor: 'gray.200' },
    success: { bg: 'white', color: 'gray.800', borderColor: 'green.400' },
    destructive: { bg: 'red.600', color: 'white', borderColor: 'red.700' },
  };

function ToastCard({ item, onDismiss }: { item: ToastItem; onDismiss: () => void }) {
  const [offset, setOffset] = useState(0);
  const start = useRef<{ x: number; threshold: number; swiping: boolean } | null>(null);
  const look = `dh-toast-${item.variant}`;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    const threshold = event.pointerType === 'touch' ? SWIPE_START_TOUCH_PX : SWIPE_START_POINTER_PX;
    start.current = { x: event.clientX, threshold, swiping: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const gesture = start.current;
    if (!gesture) return;
    const delta = event.clientX - gesture.x;
    if (!gesture.swiping && delta > gesture.threshold) gesture.swiping = true;
    if (gesture.swiping) setOffset(Math.max(0, delta));
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const gesture = start.current;
    start.current = null;
    if (gesture?.swiping && event.clientX - gesture.x >= SWIPE_DISMISS_PX) onDismiss();
    else setOffset(0);
  };

  return (
    <div
      role="status"
      aria-live="polite"
      data-state={item.open ? 'open' : 'closed'}
      data-variant={item.variant}
      className={look}
      style={{
        touchAction: 'pan-y',
        transform: `translateX(${offset}px)`,
        opacity: offset > 0 ? Math.max(0.2, 1 - offset / 200) : 1,
        transition: offset > 0 ? 'none' : 'transform 0.2s ease, opacity 0.2s ease',
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={() => {
        start.current = null;
        setOffset(0);
      }}
    >
      <div className={`${look}__div`}>
        {item.title && <p className={`chakra-text ${look}__text`}>{item.title}</p>}
        {item.description && <p className={`chakra-text ${look}__text-2`}>{item.description}</p>}
      </div>
      <ShellCloseButton look={look} onClick={onDismiss} />
    </div>
  );
}

/**
 * The one toast viewport of the page. Any part of the dashboard raises a toast by publishing
 * `toast:show` on the shared event bus (or `useToastMessage()`, which does the same).
 */
export function Toaster({ store: givenStore }: { store?: ToastStore }) {
  const store = useMemo(
    () =>
      givenStore ??
      new ToastStore({
        setTimeout: (cb, ms) => window.setTimeout(cb, ms),
        clearTimeout: (h) => window.clearTimeout(h as number),
      }),
    [givenStore],
  );
  const items = useSyncExternalStore(store.subscribe, store.getItems, store.getItems);
  const viewport = useRef<HTMLOListElement>(null);
  useEventSubscription('toast:show', (request) => store.show(request));

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') store.dismissVisible();
      if (event.key === HOTKEY) viewport.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [store]);

  const visible = items.filter((item) => item.open);
  return (
    <ol
      ref={viewport}
      tabIndex={-1}
      aria-label={`Notifications (${HOTKEY})`}
      className="dh-toaster"
      style={{ pointerEvents: visible.length ? 'auto' : 'none' }}
    >
      {visible.map((item) => (
        <li key={item.id}>
          <ToastCard item={item} onDismiss={() => store.dismiss(item.id)} />
        </li>
      ))}
    </ol>
  );
}
