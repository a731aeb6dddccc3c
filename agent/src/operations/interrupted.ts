import type { AppManager } from '../apps/app-manager.js';
import type { OperationJournal } from './operation-journal.js';

/**
 * Start-up, before the agent connects: a create it stopped in the middle of before writing the
 * app's record (app.json) is removed (AppManager.discardUnsavedCreate), so it never shows as an
 * unexplained leftover. Everything else the journal shows interrupted is left for the server, which
 * asks `operation.status` and finishes or rolls it back by its rule (server README, 'Crash safety').
 */
export async function discardUnsavedCreates(
  journal: OperationJournal,
  apps: AppManager,
  log: (message: string) => void,
): Promise<void> {
  for (const { id, subject } of await journal.interrupted()) {
    if (subject?.method !== 'app.deploy' || !subject.project) continue;
    try {
      if (await apps.discardUnsavedCreate(subject.app_id, subject.project))
        log(`operation ${id}: removed what the interrupted create of app ${subject.app_id} left`);
    } catch (error) {
      // Docker down at start-up, for instance: tried again at the next start.
      log(`operation ${id}: could not remove what the interrupted create left: ${(error as Error).message}`);
    }
  }
}
