import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppDeployment } from 'contract';
import { assertAppId } from './validation.js';

/** What the agent remembers about one app (secret values stay ciphertext at rest). */
export interface AppRecord {
  deployment: AppDeployment;
  /** Full compose project name on the engine (prefix + deployment.project). */
  projectName: string;
  desiredRunning: boolean;
}

/**
 * One folder per app under appsDir: `{appId}/app.json` (0600) and `{appId}/project/` holding the
 * compose files. Records survive agent restarts, so status and stop/start work without the server.
 */
export class AppStore {
  constructor(readonly appsDir: string) {}

  appDir(appId: string): string {
    assertAppId(appId);
    return path.join(this.appsDir, appId);
  }

  projectDir(appId: string): string {
    return path.join(this.appDir(appId), 'project');
  }

  async get(appId: string): Promise<AppRecord | null> {
    try {
      return JSON.parse(await readFile(path.join(this.appDir(appId), 'app.json'), 'utf8')) as AppRecord;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async save(record: AppRecord): Promise<void> {
    const dir = this.appDir(record.deployment.app_id);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const target = path.join(dir, 'app.json');
    await writeFile(`${target}.tmp`, JSON.stringify(record), { mode: 0o600 });
    await rename(`${target}.tmp`, target);
  }

  async remove(appId: string): Promise<void> {
    await rm(this.appDir(appId), { recursive: true, force: true });
  }

  async list(): Promise<AppRecord[]> {
    let entries: string[];
    try {
      entries = await readdir(this.appsDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const records = await Promise.all(entries.map((entry) => this.get(entry).catch(() => null)));
    return records.filter((record): record is AppRecord => record !== null);
  }
}
