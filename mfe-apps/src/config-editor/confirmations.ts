import type { ConfigDraft, DraftFile, DraftVariable, EntryKind } from './config-draft';
import { filesReferencingVariable, removeFile, removeVariable, toggleSecret } from './config-draft';

/** A change that waits for the user's answer in the editor's confirmation dialog. */
export interface Confirmation {
  title: string;
  body: string;
  confirmLabel: string;
  /** Applied to the draft as it is when the user confirms. */
  apply: (draft: ConfigDraft) => ConfigDraft;
}

export function confirmFileDeletion(file: DraftFile): Confirmation {
  return {
    title: 'Confirm Delete',
    body: `Delete the file ${file.filename}? This cannot be undone once saved.`,
    confirmLabel: 'Delete',
    apply: (draft) => removeFile(draft, file.id),
  };
}

/** The question also names the files still using the variable (spec: removing it needs a yes). */
export function confirmVariableDeletion(
  draft: ConfigDraft,
  variable: DraftVariable,
  stillReferenced: boolean,
): Confirmation {
  const label = variable.name || 'this variable';
  const usedIn = stillReferenced ? filesReferencingVariable(draft, variable.name) : [];
  return {
    title: 'Confirm Delete',
    body:
      usedIn.length > 0
        ? `${label} is still used in ${usedIn.join(', ')}. Delete it anyway?`
        : `Delete the variable ${label}? This cannot be undone once saved.`,
    confirmLabel: 'Delete',
    apply: (current) => removeVariable(current, variable.id),
  };
}

export function confirmDecryption(kind: EntryKind, id: string, label: string): Confirmation {
  return {
    title: 'Confirm Decryption',
    body: `The stored value of ${label} is encrypted and cannot be shown. Making it public erases it; enter a new value afterwards.`,
    confirmLabel: 'Make public',
    apply: (draft) => toggleSecret(draft, kind, id),
  };
}
