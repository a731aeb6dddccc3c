import { useRef } from 'react';
import { useWhenNearViewport } from '../components/useWhenNearViewport';

/** How far below the viewport the next page starts rendering, so scrolling rarely meets the end. */
const AHEAD = '0px 0px 600px 0px';

/**
 * An empty mark after a list shown in pages: calls `onReached` when it comes near the viewport.
 * Once: the list renders a new mark (keyed by its length) for the next page.
 */
export function MoreOnScroll({ onReached }: { onReached: () => void }) {
  const mark = useRef<HTMLDivElement>(null);
  useWhenNearViewport(mark, AHEAD, onReached);
  return <div ref={mark} style={{ height: '1px' }} aria-hidden="true" />;
}
