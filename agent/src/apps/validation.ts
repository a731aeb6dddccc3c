import path from 'node:path';
import { filenameError, variableNameError } from 'contract';
import { AgentError, AgentErrorCode } from '../errors.js';

const PROJECT_NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/;
const APP_ID = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;

/** The contract's filename rule, plus: the path resolves inside `baseDir`. */
export function safeFilePath(baseDir: string, filename: string): string {
  const error = filenameError(filename);
  if (error) throw new AgentError(AgentErrorCode.InvalidFilename, `${filename}: ${error}`);
  const resolved = path.resolve(baseDir, filename);
  if (!resolved.startsWith(baseDir + path.sep)) {
    throw new AgentError(AgentErrorCode.InvalidFilename, `Filename must be a relative path: ${filename}`);
  }
  return resolved;
}

/** The contract's variable-name rule; reserved names pass (the server sets `_VERSION` and the like). */
export function assertVariableName(name: string): void {
  const error = variableNameError(name, { allowReserved: true });
  if (error) throw new AgentError(AgentErrorCode.InvalidVariable, error);
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
