import type { KeyboardEvent } from 'react';

/** Spec section 5: what a save attempt says while the draft has validation errors. */
export const FIX_ERRORS_BEFORE_SAVING = 'Please fix the validation errors before saving.';

/** Ctrl+S (Cmd+S on a Mac): the editor's save, instead of the browser's "Save page". */
export function isSaveShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>,
): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's';
}
