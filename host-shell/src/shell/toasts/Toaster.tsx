import { Box, CloseButton, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type PointerEvent } from 'react';
import { useEventSubscription } from 'shared';
import { ToastStore, type ToastItem, type ToastVariant } from './toast-store';

/** Swipe right to dismiss: movement starts after 10 px (touch) or 2 px (other pointers), dismisses past 50 px. */
const SWIPE_START_TOUCH_PX = 10;
const SWIPE_START_POINTER_PX = 2;
const SWIPE_DISMISS_PX = 50;
const HOTKEY = 'F8';

const VARIANT_STYLES: Record<ToastVariant, { bg: string; color: string; borderColor: string }> = {
  default: { bg: 'white', color: 'gray.800', borderColor: 'gray.200' },
  success: { bg: 'white', color: 'gray.800', borderColor: 'green.400' },
  destructive: { bg: 'red.600', color: 'white', borderColor: 'red.700' },
};

function ToastCard({ item, onDismiss }: { item: ToastItem; onDismiss: () => void }) {
  const [offset, setOffset] = useState(0);
  const start = useRef<{ x: number; threshold: number; swiping: boolean } | null>(null);
  const styles = VARIANT_STYLES[item.variant];

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
    <Box
      role="status"
      aria-live="polite"
      data-state={item.open ? 'open' : 'closed'}
      data-variant={item.variant}
      display="flex"
      alignItems="flex-start"
      gap={3}
      w="full"
      p={4}
      pr={10}
      position="relative"
      borderWidth="1px"
      borderLeftWidth={item.variant === 'success' ? '4px' : '1px'}
      rounded="lg"
      shadow="lg"
      transform={`translateX(${offset}px)`}
      opacity={offset > 0 ? Math.max(0.2, 1 - offset / 200) : 1}
      transition={offset > 0 ? 'none' : 'transform 0.2s ease, opacity 0.2s ease'}
      style={{ touchAction: 'pan-y' }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={() => {
        start.current = null;
        setOffset(0);
      }}
      {...styles}
    >
      <Box flex="1" minW={0}>
        {item.title && (
          <Text fontWeight="semibold" fontSize="sm">
            {item.title}
          </Text>
        )}
        {item.description && (
          <Text fontSize="sm" opacity={0.9}>
            {item.description}
          </Text>
        )}
      </Box>
      <CloseButton aria-label="Close" size="sm" position="absolute" top={2} right={2} onClick={onDismiss} />
    </Box>
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
    <Box
      as="ol"
      ref={viewport}
      tabIndex={-1}
      aria-label={`Notifications (${HOTKEY})`}
      position="fixed"
      bottom={0}
      right={0}
      zIndex="toast"
      display="flex"
      flexDirection="column"
      gap={2}
      p={4}
      w="full"
      maxW="420px"
      listStyleType="none"
      outline="none"
      pointerEvents={visible.length ? 'auto' : 'none'}
    >
      {visible.map((item) => (
        <li key={item.id}>
          <ToastCard item={item} onDismiss={() => store.dismiss(item.id)} />
        </li>
      ))}
    </Box>
  );
}
