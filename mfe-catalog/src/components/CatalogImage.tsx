import { useCallback, useRef, useState } from 'react';
import { CAN_OBSERVE_VIEWPORT, useWhenNearViewport } from './useWhenNearViewport';

/** A neutral package drawing, used when an item has no logo or its logo fails to load. */
const FALLBACK_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#EDF2F7"/>' +
      '<path d="M32 14 48 22v20L32 50 16 42V22z" fill="none" stroke="#A0AEC0" stroke-width="3" stroke-linejoin="round"/>' +
      '<path d="M16 22l16 8 16-8M32 30v20" fill="none" stroke="#A0AEC0" stroke-width="3" stroke-linejoin="round"/></svg>',
  );

interface CatalogImageProps {
  src: string | undefined;
  alt: string;
  /** Width and height in pixels. */
  size: number;
  /** Corner radius, a Chakra radius token (md, lg...). */
  rounded: string;
}

/** How far from the viewport a logo starts loading: as far as Chromium's own lazy loading looks ahead. */
const LOGO_MARGIN = '1250px';

/**
 * The item's logo from /catalog-assets, falling back to a neutral image when missing or broken.
 *
 * The logo is set only once its place comes near the viewport (a lazy load of our own), so the
 * cards are painted first and logos far down the list cost nothing until scrolled to. Each SVG logo
 * costs the page a few milliseconds to parse, and one the browser already holds is parsed as soon
 * as its `src` is set, loading="lazy" or not: on a return to the catalog, the 26 of the built-in
 * catalog held back the cards' render and first frame. Until then an empty box of the same size
 * carries the logo's name.
 */
export function CatalogImage({ src, alt, size, rounded }: CatalogImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [near, setNear] = useState(!CAN_OBSERVE_VIEWPORT);
  const place = useRef<HTMLSpanElement>(null);
  const showLogo = useCallback(() => setNear(true), []);
  useWhenNearViewport(place, LOGO_MARGIN, showLogo);
  if (!near) {
    return (
      <span
        ref={place}
        role="img"
        aria-label={alt}
        style={{ display: 'block', flexShrink: 0, width: size, height: size }}
      />
    );
  }
  const usable = src && src !== failedSrc ? src : FALLBACK_IMAGE;
  return (
    <img
      src={usable}
      alt={alt}
      decoding="async"
      style={{
        width: size,
        height: size,
        objectFit: 'contain',
        borderRadius: `var(--chakra-radii-${rounded})`,
      }}
      onError={() => {
        if (src) setFailedSrc(src);
      }}
    />
  );
}
