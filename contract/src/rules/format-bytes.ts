const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/**
 * A byte count as people read it (spec: base 1024, units Bytes to YB, 2 decimals by default),
 * trailing zeros dropped: 1536 → '1.5 KB'. `round: 'up'` never shows less than the true size, so a
 * size just over a limit never reads as the limit itself. Negative or non-finite input gives
 * '0 Bytes'.
 */
export function formatBytes(bytes: number, decimals = 2, round: 'nearest' | 'up' = 'nearest'): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const digits = Math.max(0, Math.floor(decimals));
  // Below one byte the exponent is negative: such fractions stay on Bytes.
  const exponent = Math.max(0, Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024))));
  const scaled = bytes / 1024 ** exponent;
  const factor = 10 ** digits;
  const value = round === 'up' ? Math.ceil(scaled * factor) / factor : scaled;
  return `${Number(value.toFixed(digits))} ${UNITS[exponent]}`;
}
