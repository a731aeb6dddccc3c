import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Called before and after each compose subcommand ('before-up', 'after-up', …, with the compose
 * project) and before an app operation starts ('before-app.delete', …, with the app id).
 */
export type TestHold = (point: string, subject: string) => Promise<void>;

/**
 * The crash tests' hook (DOCKHAND_TEST_HOLD_DIR, never set in production): while the file
 * `{dir}/{point}` exists the agent prints 'test hold: {point} {subject}' once and waits there, so
 * a test can kill the server or the agent at an exact point of a deploy instead of guessing with
 * sleeps. Removing the file lets it go on.
 */
export function testHold(dir: string, log: (message: string) => void): TestHold {
  return async (point, subject) => {
    const marker = path.join(dir, point);
    if (!existsSync(marker)) return;
    log(`test hold: ${point} ${subject}`);
    while (existsSync(marker)) await sleep(50);
  };
}
