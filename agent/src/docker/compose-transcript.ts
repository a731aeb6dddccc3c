/**
 * What compose printed during one app operation (issue 14, deploy history): every compose command
 * as the user would type it in the app's folder, then its output, with the agent's own paths
 * replaced by the user's filenames. Kept to DEPLOY_OUTPUT_MAX_CHARS: the start (what was asked)
 * and the end (where it failed).
 */
import { DEPLOY_OUTPUT_MAX_CHARS } from 'contract';
import type { ProjectPaths } from './compose-project.js';
import type { CommandResult } from './run-command.js';

const HEAD_CHARS = 8 * 1024;

export class ComposeTranscript {
  private readonly parts: string[] = [];

  /** One command: `subcommand` as typed (global options left out) and what it printed. */
  add(subcommand: string[], result: CommandResult, project: ProjectPaths): void {
    const printed = [result.stdout, result.stderr].filter((text) => text.trim()).join('\n');
    const ending = result.exitCode === 0 ? '' : `(exit code ${result.exitCode})`;
    const lines = [`$ docker compose ${subcommand.join(' ')}`, userPaths(printed, project).trimEnd(), ending];
    this.parts.push(lines.filter(Boolean).join('\n'));
  }

  /** A step the agent took itself (through the Engine API), in words. */
  note(text: string): void {
    this.parts.push(text);
  }

  text(): string {
    return bounded(this.parts.join('\n\n'));
  }
}

/**
 * The agent keeps each app in a folder of its own: the user knows their files relative to it, and
 * the variables file the agent writes as the app's variables.
 */
export function userPaths(text: string, project: ProjectPaths): string {
  const folder = project.directory.replace(/\/+$/, '');
  if (!folder) return text;
  return text
    .split(project.envFile)
    .join("the app's variables")
    .split(`${folder}/`)
    .join('')
    .split(folder)
    .join('.');
}

function bounded(text: string): string {
  if (text.length <= DEPLOY_OUTPUT_MAX_CHARS) return text;
  const tail = DEPLOY_OUTPUT_MAX_CHARS - HEAD_CHARS;
  const skipped = text.length - HEAD_CHARS - tail;
  return `${text.slice(0, HEAD_CHARS)}\n… ${skipped} characters left out …\n${text.slice(-tail)}`;
}
