const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/**
 * Formats a byte count with base 1024, units Bytes to YB and `decimals` decimals (default 2),
 * dropping trailing zeros: 1536 → '1.5 KB'. Negative or non-finite input gives '0 Bytes'.
 */
export function formatBytes(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const digits = Math.max(0, Math.floor(decimals));
  const exponent = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = Number((bytes / 1024 ** Math.max(0, exponent)).toFixed(digits));
  return `${value} ${UNITS[Math.max(0, exponent)]}`;
}
