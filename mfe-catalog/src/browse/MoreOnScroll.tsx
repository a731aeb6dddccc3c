import { Box } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';

/** How far below the viewport the next page starts rendering, so scrolling rarely meets the end. */
const AHEAD = '600px';

/** An empty mark after a list shown in pages: calls `onReached` when it comes near the viewport. */
export function MoreOnScroll({ onReached }: { onReached: () => void }) {
  const mark = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = mark.current;
    if (!element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onReached();
      },
      { rootMargin: `0px 0px ${AHEAD} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [onReached]);
  return <Box ref={mark} h="1px" aria-hidden="true" />;
}
