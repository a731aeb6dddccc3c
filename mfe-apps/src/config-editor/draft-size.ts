import { appSizeError, SizeLimits, SizeText, textBytes } from 'shared';
import type { ConfigDraft } from './config-draft';

/** The contract's size limits over the draft's own files (the ones saved), as the server checks them. */
export function draftSizeError(draft: ConfigDraft): string | null {
  return appSizeError(
    draft.files
      .filter((file) => file.type === 'user')
      .map((file) => ({ filename: file.filename, bytes: textBytes(file.content) })),
  );
}

/** Files chosen for upload that are over the per-file limit by their size on disk, before reading them. */
export function oversizedUploads(files: readonly { name: string; size: number }[]): string[] {
  return files
    .filter((file) => file.size > SizeLimits.fileBytes)
    .map((file) => SizeText.fileTooLarge(file.name, file.size));
}

/**
 * Why an edit that made the draft larger cannot be taken, or null. An edit that shrinks a draft
 * already over the limits is taken, so the user can always get back under them.
 */
export function refusedGrowth(before: ConfigDraft, after: ConfigDraft): string | null {
  const error = draftSizeError(after);
  if (!error) return null;
  const total = (draft: ConfigDraft) =>
    draft.files.reduce((sum, file) => sum + (file.type === 'user' ? textBytes(file.content) : 0), 0);
  return total(after) > total(before) ? error : null;
}
