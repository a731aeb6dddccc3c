import path from 'node:path';
import { AgentError, AgentErrorCode, ValidationText } from '../errors.js';

const FILENAME_CHARS = /^[A-Za-z0-9_./-]+$/;
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const PROJECT_NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/;
const APP_ID = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;

/** Spec section 5 filename rules, plus: relative, and resolving inside `baseDir`. */
export function safeFilePath(baseDir: string, filename: string): string {
  if (!filename) throw new AgentError(AgentErrorCode.InvalidFilename, ValidationText.filenameRequired);
  if (filename.split('/').includes('..')) {
    throw new AgentError(AgentErrorCode.InvalidFilename, ValidationText.filenameTraversal);
  }
  if (!FILENAME_CHARS.test(filename))
    throw new AgentError(AgentErrorCode.InvalidFilename, ValidationText.filenameChars);
  const resolved = path.resolve(baseDir, filename);
  if (filename.startsWith('/') || !resolved.startsWith(baseDir + path.sep)) {
    throw new AgentError(AgentErrorCode.InvalidFilename, `Filename must be a relative path: ${filename}`);
  }
  return resolved;
}

export function assertVariableName(name: string): void {
  if (!name) throw new AgentError(AgentErrorCode.InvalidVariable, ValidationText.variableRequired);
  if (!VARIABLE_NAME.test(name))
    throw new AgentError(AgentErrorCode.InvalidVariable, ValidationText.variableChars);
}

export function assertProjectName(name: string): void {
  if (!PROJECT_NAME.test(name)) {
    throw new AgentError(
      AgentErrorCode.InvalidProjectName,
      'Project name must be 1-63 lowercase letters, digits, hyphens or underscores, starting with a letter or digit',
    );
  }
}

export function assertAppId(appId: string): void {
  if (!APP_ID.test(appId)) throw new AgentError(AgentErrorCode.InvalidRequest, 'Invalid app id');
}

/** Compose files of an app: top-level `compose*.y(a)ml` / `docker-compose*.y(a)ml`, compose.yml first. */
export function composeFilesOf(filenames: string[]): string[] {
  return filenames
    .filter((name) => /^(docker-)?compose([.-][A-Za-z0-9_.-]+)?\.ya?ml$/.test(name))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

function rank(name: string): number {
  return /^(docker-)?compose\.ya?ml$/.test(name) ? 0 : 1;
}
