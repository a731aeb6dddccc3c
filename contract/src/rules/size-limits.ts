/**
 * How large an app's files may be, stated once: the editor shows the limits and refuses an upload
 * or a paste over them, the server refuses a request over them (and takes no body larger than one
 * such app can need), each naming the file. Sizes are bytes of UTF-8 as the user wrote the file
 * (a secret counts by its plaintext, not its larger ciphertext).
 */
import { formatBytes } from './format-bytes.js';
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

/** '512 KB', '1 MB', '1.4 MB': rounded up, a size over a limit never reads as the limit itself. */
const sizeText = (bytes: number): string => formatBytes(bytes, 1, 'up');

/** The limits as the editor states them. */
export const SIZE_LIMITS_TEXT = `Up to ${sizeText(SizeLimits.fileBytes)} per file and ${sizeText(SizeLimits.appBytes)} for all of an app's files.`;

export const SizeText = {
  fileTooLarge: (filename: string, bytes: number) =>
    `${filename} is ${sizeText(bytes)}: a file may be at most ${sizeText(SizeLimits.fileBytes)}`,
  appTooLarge: (bytes: number) =>
    `The app's files are ${sizeText(bytes)} in all: an app's files may be at most ${sizeText(SizeLimits.appBytes)}`,
  requestTooLarge: `The request is larger than ${sizeText(SizeLimits.requestBytes)}, the most the server takes: ${SIZE_LIMITS_TEXT}`,
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
