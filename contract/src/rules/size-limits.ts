/**
 * How large an app's files may be, stated once: the editor shows the limits and refuses an upload
 * or a paste over them, the server refuses a request over them (and takes no body larger than one
 * such app can need), each naming the file. Sizes are bytes of UTF-8 as the user wrote the file
 * (a secret counts by its plaintext, not its larger ciphertext).
 */
import type { RuleResult } from './names.js';

const KIB = 1024;
const MIB = 1024 * KIB;

export const SizeLimits = {
  /** One file. */
  fileBytes: 512 * KIB,
  /** All of an app's own files together. */
  appBytes: 1 * MIB,
  /**
   * The request body the server takes: an app at its limit, every file a secret (the envelope
   * base64-encodes the ciphertext twice: ×16/9) and JSON escaping of what stays plain, with room
   * for variables and the rest of the request.
   */
  requestBytes: 4 * MIB,
} as const;

/** '512 KB', '1 MB', '1.4 MB', '900 bytes' (binary units, as the limits are set). */
export function formatSize(bytes: number): string {
  if (bytes < KIB) return `${bytes} bytes`;
  const [value, unit] = bytes < MIB ? [bytes / KIB, 'KB'] : [bytes / MIB, 'MB'];
  // Rounded up: a size over a limit never reads as the limit itself.
  const shown = Math.ceil(value * 10) / 10;
  return `${Number.isInteger(shown) ? shown : shown.toFixed(1)} ${unit}`;
}

/** The limits as the editor states them. */
export const SIZE_LIMITS_TEXT = `Up to ${formatSize(SizeLimits.fileBytes)} per file and ${formatSize(SizeLimits.appBytes)} for all of an app's files.`;

export const SizeText = {
  fileTooLarge: (filename: string, bytes: number) =>
    `${filename} is ${formatSize(bytes)}: a file may be at most ${formatSize(SizeLimits.fileBytes)}`,
  appTooLarge: (bytes: number) =>
    `The app's files are ${formatSize(bytes)} in all: an app's files may be at most ${formatSize(SizeLimits.appBytes)}`,
  requestTooLarge: `The request is larger than ${formatSize(SizeLimits.requestBytes)}, the most the server takes: ${SIZE_LIMITS_TEXT}`,
} as const;

/** UTF-8 bytes of `text`. */
export function textBytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** The first file over the per-file limit, then the app over its limit, as the refusal; or null. */
export function appSizeError(files: readonly { filename: string; bytes: number }[]): RuleResult {
  const tooLarge = files.find((file) => file.bytes > SizeLimits.fileBytes);
  if (tooLarge) return SizeText.fileTooLarge(tooLarge.filename, tooLarge.bytes);
  const total = files.reduce((sum, file) => sum + file.bytes, 0);
  return total > SizeLimits.appBytes ? SizeText.appTooLarge(total) : null;
}
