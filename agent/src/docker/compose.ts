import { AgentError, AgentErrorCode } from '../errors.js';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import {
  COMPOSE_SELECTION_VARIABLES,
  composeSelection,
  type AppDeployment,
  type ComposeSelection,
} from 'contract';
import { composeEnvText, PROJECT_DOTENV, projectDotenvError, type EnvFileDialect } from './env-file.js';
import { recordInTranscript } from './compose-transcript.js';
import { runCommand, type CommandResult } from './run-command.js';
import type { TestHold } from './test-hold.js';

export interface ComposeCli {
  command: string;
  /** Leading arguments: ['compose'] for v2, [] for docker-compose v1. */
  baseArgs: string[];
}

/** Uses `docker compose` (v2) when the Docker CLI has it, else `docker-compose` (v1). */
export async function detectComposeCli(forced = ''): Promise<ComposeCli> {
  if (forced === 'docker compose') return { command: 'docker', baseArgs: ['compose'] };
  if (forced) return { command: forced, baseArgs: [] };
  const v2 = await runCommand('docker', ['compose', 'version'], { timeoutMs: 15_000 });
  if (v2.exitCode === 0) return { command: 'docker', baseArgs: ['compose'] };
  return { command: 'docker-compose', baseArgs: [] };
}

/**
 * The files and profiles compose runs an app with: Compose's own selection (the contract's rule:
 * canonical file plus override, or COMPOSE_FILE; COMPOSE_PROFILES). The one place the agent builds
 * the list; a file the agent adds for every app belongs here.
 */
export function composeSelectionOf(deployment: AppDeployment): ComposeSelection {
  const { selection, error } = composeSelection(
    deployment.files.map((file) => file.filename),
    deployment.variables,
  );
  if (error !== null) throw new AgentError(AgentErrorCode.InvalidRequest, error);
  return selection;
}

export interface ComposeProject {
  name: string;
  directory: string;
  composeFiles: string[];
  /** `--profile` of each (COMPOSE_PROFILES). */
  profiles: string[];
  /** Interpolation variables (already decrypted); system entries of the environment win. */
  variables: Record<string, string>;
  /** Where they are written for `--env-file` (0600, outside the project folder). */
  envFile: string;
}

/** Runs compose subcommands for one project; every call goes through `runCommand`. */
export class ComposeRunner {
  constructor(
    private readonly cli: ComposeCli,
    private readonly systemEnv: NodeJS.ProcessEnv,
    private readonly timeoutMs: number,
    private readonly hold?: TestHold,
  ) {}

  /**
   * Compose runs with the fixed system environment only; the app's variables reach it through the
   * env file, rewritten before every command so it always matches the project.
   */
  async run(project: ComposeProject, subcommand: string[]): Promise<CommandResult> {
    const envText = composeEnvText(
      await projectDotenv(project.directory),
      interpolated(project.variables),
      composeDialect(this.cli),
    );
    await writeFile(project.envFile, envText, { mode: 0o600 });
    await chmod(project.envFile, 0o600);
    await this.hold?.(`before-${subcommand[0]}`, project.name);
    const result = await runCommand(this.cli.command, composeArgs(this.cli, project, subcommand), {
      cwd: project.directory,
      env: this.systemEnv,
      timeoutMs: this.timeoutMs,
    });
    recordInTranscript(subcommand, result, project);
    await this.hold?.(`after-${subcommand[0]}`, project.name);
    return result;
  }

  /**
   * The project as compose itself resolves it (anchors, extends, include, profiles, interpolation)
   * from the same files, arguments and environment as every other subcommand.
   */
  async resolvedModel(project: ComposeProject): Promise<unknown> {
    const result = await this.runOrThrow(project, configSubcommand(this.cli));
    try {
      return parseYaml(result.stdout);
    } catch (error) {
      throw new AgentError(
        AgentErrorCode.ComposeFailed,
        `docker compose config printed an unreadable model: ${(error as Error).message}`,
      );
    }
  }

  /** Like `run` but a non-zero exit becomes an error carrying compose's own explanation. */
  async runOrThrow(project: ComposeProject, subcommand: string[]): Promise<CommandResult> {
    const result = await this.run(project, subcommand);
    if (result.exitCode !== 0) {
      throw new AgentError(
        AgentErrorCode.ComposeFailed,
        composeFailureMessage(subcommand[0] ?? 'compose', result),
      );
    }
    return result;
  }
}

/** The project's `.env` (empty when it has none); refused when it would steer compose. */
async function projectDotenv(directory: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(path.join(directory, PROJECT_DOTENV), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
  const error = projectDotenvError(text);
  if (error) throw new AgentError(AgentErrorCode.InvalidVariable, error);
  return text;
}

/** COMPOSE_FILE and COMPOSE_PROFILES became arguments: compose must not read them a second time. */
function interpolated(variables: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(variables).filter(([name]) => !COMPOSE_SELECTION_VARIABLES.includes(name)),
  );
}

function composeDialect(cli: ComposeCli): EnvFileDialect {
  return cli.baseArgs.includes('compose') ? 'v2' : 'v1';
}

/** The full argument list of one compose command (global options first, as both versions need). */
export function composeArgs(cli: ComposeCli, project: ComposeProject, subcommand: string[]): string[] {
  const args = [
    ...cli.baseArgs,
    '--project-name',
    project.name,
    '--project-directory',
    project.directory,
    '--env-file',
    project.envFile,
  ];
  for (const file of project.composeFiles) args.push('--file', file);
  for (const profile of project.profiles) args.push('--profile', profile);
  return [...args, ...subcommand];
}

/** v2 prints JSON on request; v1 (docker-compose 1.x) only prints YAML. */
export function configSubcommand(cli: ComposeCli): string[] {
  return composeDialect(cli) === 'v2' ? ['config', '--format', 'json'] : ['config'];
}

export function composeFailureMessage(operation: string, result: CommandResult): string {
  const lines = `${result.stderr}\n${result.stdout}`
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^(WARNING|Creating network|Creating|Starting)\b/i.test(line));
  const detail = lines.slice(-4).join(' | ') || 'no output';
  return `docker compose ${operation} failed (exit ${result.exitCode}): ${detail}`;
}
