import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppDeployment } from 'contract';
import { decryptSecret } from '../crypto/secrets.js';
import { composeSelectionOf } from '../docker/compose.js';
import type { ComposeProject } from '../docker/compose-project.js';
import type { AppExposure } from './app-exposure.js';
import type { AppRecord, AppStore } from './app-store.js';
import { assertVariableName, safeFilePath } from './validation.js';

/** The app's folder as compose reads it; secrets are decrypted here and only here. */
export class AppFiles {
  constructor(
    private readonly store: AppStore,
    private readonly exposure: AppExposure,
    private readonly privateKeyPem: string,
  ) {}

  /** Validates everything first, then writes the files and decrypts the variables for compose. */
  async write(record: AppRecord): Promise<ComposeProject> {
    const { deployment } = record;
    const directory = this.store.projectDir(deployment.app_id);
    const targets = deployment.files.map((file) => ({
      file,
      target: safeFilePath(directory, file.filename),
    }));
    deployment.variables.forEach((variable) => assertVariableName(variable.name));
    const { files: composeFiles, profiles } = composeSelectionOf(deployment);
    const variables: Record<string, string> = {};
    for (const variable of deployment.variables) {
      variables[variable.name] = variable.is_encrypted
        ? await decryptSecret(variable.value, this.privateKeyPem, `variable ${variable.name}`)
        : variable.value;
    }
    await mkdir(directory, { recursive: true, mode: 0o700 });
    for (const { file, target } of targets) {
      const content = file.is_encrypted
        ? await decryptSecret(file.content, this.privateKeyPem, `file ${file.filename}`)
        : file.content;
      await mkdir(path.dirname(target), { recursive: true });
      await rm(target, { force: true });
      await writeFile(target, content, { mode: file.is_encrypted ? 0o600 : 0o644 });
      await chmod(target, file.is_encrypted ? 0o600 : 0o644);
    }
    // The one addition to the app's compose files: the agent's own override, beside the user's files.
    const override = await this.exposure.overrideFile(record);
    return {
      name: record.projectName,
      directory,
      composeFiles: override ? [...composeFiles, override] : composeFiles,
      profiles,
      variables,
      envFile: path.join(this.store.appDir(deployment.app_id), 'compose.env'),
    };
  }

  /** Files the previous deployment wrote and this one no longer has (data folders are untouched). */
  async removeDropped(previous: AppRecord, deployment: AppDeployment): Promise<void> {
    const kept = new Set(deployment.files.map((file) => file.filename));
    const directory = this.store.projectDir(deployment.app_id);
    for (const file of previous.deployment.files) {
      if (!kept.has(file.filename)) await rm(safeFilePath(directory, file.filename), { force: true });
    }
  }
}
