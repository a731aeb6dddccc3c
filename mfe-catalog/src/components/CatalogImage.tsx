import { Image, type ImageProps } from '@chakra-ui/react';
import { useState } from 'react';

/** A neutral package drawing, used when an item has no logo or its logo fails to load. */
const FALLBACK_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#EDF2F7"/>' +
      '<path d="M32 14 48 22v20L32 50 16 42V22z" fill="none" stroke="#A0AEC0" stroke-width="3" stroke-linejoin="round"/>' +
      '<path d="M16 22l16 8 16-8M32 30v20" fill="none" stroke="#A0AEC0" stroke-width="3" stroke-linejoin="round"/></svg>',
  );

/** The item's logo from /catalog-assets, falling back to a neutral image when missing or broken. */
export function CatalogImage({ src, alt, ...props }: { src: string | undefined; alt: string } & ImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : FALLBACK_IMAGE;
  return (
    <Image
      src={usable}
      alt={alt}
      objectFit="contain"
      onError={() => {
        if (src) setFailedSrc(src);
      }}
      {...props}
    />
  );
}
