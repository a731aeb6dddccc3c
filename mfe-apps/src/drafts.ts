import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';

/**
 * Unsaved editor work kept in session storage (spec section 2, Create App): one key for a new app
 * and one per existing app id, so a reload or a visit elsewhere does not lose it. A stored draft
 * belongs to the version it was made from; another version starts clean.
 */
export const NEW_APP_DRAFT_KEY = 'app_draft:new';
export const appDraftKey = (appId: string) => `app_draft:${appId}`;

/** Raised when a draft gains fields: a draft stored in an older form is not read back. */
const DRAFT_FORMAT = 2;

interface StoredDraft<T> {
  basis: string;
  format?: number;
  value: T;
}

function readDraft<T>(key: string, basis: string): T | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (!raw) return null;
    const stored = JSON.parse(raw) as StoredDraft<T>;
    return stored.basis === basis && stored.format === DRAFT_FORMAT ? stored.value : null;
  } catch {
    return null;
  }
}

function clearDraft(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Nothing stored.
  }
}

/**
 * State that survives in session storage under `key` while it differs from the start value;
 * `forStorage` says what of it may be written down (e.g. no secret values).
 */
export function useStoredDraft<T>(
  key: string,
  basis: string,
  initial: T,
  isUnchanged: (value: T) => boolean,
  forStorage: (value: T) => T,
): [T, Dispatch<SetStateAction<T>>, () => void] {
  const [value, setValue] = useState<T>(() => readDraft<T>(key, basis) ?? initial);
  useEffect(() => {
    try {
      if (isUnchanged(value)) window.sessionStorage.removeItem(key);
      else
        window.sessionStorage.setItem(
          key,
          JSON.stringify({
            basis,
            format: DRAFT_FORMAT,
            value: forStorage(value),
          } satisfies StoredDraft<T>),
        );
    } catch {
      // A full or unavailable storage only loses the draft on reload.
    }
  }, [key, basis, value, isUnchanged, forStorage]);
  const reset = () => {
    clearDraft(key);
    setValue(initial);
  };
  return [value, setValue, reset];
}
