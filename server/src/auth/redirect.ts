/** Where to go after sign-in: only a path of this site, never another origin (no open redirect). */
export function safeRedirectPath(value: unknown, publicUrl: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return '/';
  // '//host' and '/\host' are protocol-relative in browsers; control characters can smuggle either.
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f || char === '\\'))
    return '/';
  try {
    const base = new URL(publicUrl);
    const resolved = new URL(value, base);
    return resolved.origin === base.origin ? value : '/';
  } catch {
    return '/';
  }
}
