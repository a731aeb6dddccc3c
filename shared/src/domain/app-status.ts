/** Words, labels and colours of the app status codes the contract defines (spec section 4). */
export type AppStatusWord = 'unknown' | 'active' | 'idle' | 'restarting' | 'problematic' | 'stopped';

const WORDS: readonly AppStatusWord[] = ['unknown', 'active', 'idle', 'restarting', 'problematic', 'stopped'];
const LABELS: Record<AppStatusWord, string> = {
  unknown: 'Unknown',
  active: 'Active',
  idle: 'Idle',
  restarting: 'Restarting',
  problematic: 'Problematic',
  stopped: 'Stopped',
};
/** Badge colours as Chakra colour schemes. */
const COLOURS: Record<AppStatusWord, string> = {
  unknown: 'gray',
  active: 'green',
  idle: 'yellow',
  restarting: 'orange',
  problematic: 'red',
  stopped: 'gray',
};

/** Label shown while no status is known yet. */
export const APP_STATUS_WAITING_LABEL = 'Waiting...';

/**
 * Normalises a status given either as a numeric code (app_id form) or a word (appId form).
 * Unknown codes and words map to 'unknown'; null/undefined stays null (not reported yet).
 */
export function toAppStatusWord(status: number | string | null | undefined): AppStatusWord | null {
  if (status === null || status === undefined) return null;
  if (typeof status === 'number') return WORDS[status] ?? 'unknown';
  const word = status.trim().toLowerCase();
  if ((WORDS as readonly string[]).includes(word)) return word as AppStatusWord;
  if (/^\d+$/.test(word)) return WORDS[Number(word)] ?? 'unknown';
  return 'unknown';
}

/** 'Active', 'Stopped', ... or 'Waiting...' for a status not reported yet. */
export function appStatusLabel(status: number | string | null | undefined): string {
  const word = toAppStatusWord(status);
  return word === null ? APP_STATUS_WAITING_LABEL : LABELS[word];
}

/** Chakra colour scheme for the status badge. */
export function appStatusColour(status: number | string | null | undefined): string {
  const word = toAppStatusWord(status);
  return word === null ? 'gray' : COLOURS[word];
}
