/**
 * A new app's id (issue 14): the dashboard makes it when the user first asks to create or install,
 * and sends it with every attempt, so the page can watch the deploy by it while the call runs (and
 * after a reload), and a retry after a failed create is the same app, with both attempts in its
 * deploy history. The server accepts an id only while no app has it and nothing but failed creates
 * on the same server used it; without one it makes its own.
 */
const APP_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export const AppIdText = {
  invalid: 'App ID must be a lowercase UUID (version 4)',
  taken: 'This app ID is already in use',
} as const;

export function isAppId(value: string): boolean {
  return APP_ID.test(value);
}

/** A version 4 UUID from getRandomValues (randomUUID needs a secure context; plain-http pages lack it). */
export function newAppId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
