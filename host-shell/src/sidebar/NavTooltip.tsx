import { useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { inChakraScope } from '../chakra/chakra-scope';
import { onceLoader } from '../load-on-use/once-loader';
import type { SidebarTooltipProps } from './SidebarTooltip';

type Tooltip = ComponentType<SidebarTooltipProps>;

const tooltipCode = onceLoader<Tooltip>(
  inChakraScope(() => import('./SidebarTooltip').then(({ SidebarTooltip }) => SidebarTooltip)),
);
const listeners = new Set<(tooltip: Tooltip) => void>();

function loadTooltip() {
  tooltipCode.load().then(
    (tooltip) => {
      for (const listener of listeners) listener(tooltip);
    },
    // The item keeps its aria-label, and the next hover or focus tries again.
    (error: unknown) => console.warn('Dockhand: sidebar tooltips unavailable', error),
  );
}

/** Calls `listener` once the tooltip's code is in (at once if it is). */
function whenLoaded(listener: (tooltip: Tooltip) => void): () => void {
  if (tooltipCode.value) {
    listener(tooltipCode.value);
    return () => undefined;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The collapsed sidebar's label beside an icon: Chakra's Tooltip (right, no delay, with its arrow),
 * whose popper and framer-motion are not part of the first screen. Until its code is in, the item
 * is named by its aria-label; the code loads when the pointer or the focus first reaches an item,
 * and the tooltip then opens as it would have. Swapping the tooltip in mounts the item anew, so a
 * focused item gets its focus back.
 */
export function NavTooltip({ label, children }: { label: string; children: ReactNode }) {
  const [Tooltip, setTooltip] = useState(() => tooltipCode.value);
  // Every item takes the tooltip when its code comes in, not only the one that asked for it.
  useEffect(() => (Tooltip ? undefined : whenLoaded((tooltip) => setTooltip(() => tooltip))), [Tooltip]);
  const [pointerIn, setPointerIn] = useState(false);
  const [focusIn, setFocusIn] = useState(false);
  const item = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (Tooltip && focusIn) item.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [Tooltip, focusIn]);

  if (Tooltip)
    return (
      <Tooltip label={label} defaultIsOpen={pointerIn || focusIn}>
        <div ref={item}>{children}</div>
      </Tooltip>
    );
  return (
    <div
      ref={item}
      onPointerEnter={() => {
        setPointerIn(true);
        loadTooltip();
      }}
      onPointerLeave={() => setPointerIn(false)}
      onFocus={() => {
        setFocusIn(true);
        loadTooltip();
      }}
      onBlur={() => setFocusIn(false)}
    >
      {children}
    </div>
  );
}
