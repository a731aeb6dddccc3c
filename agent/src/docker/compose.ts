import { AgentError, AgentErrorCode, cancelledError } from '../errors.js';
import { chmod, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseComposeYaml } from './compose-yaml.js';
import {
  COMPOSE_SELECTION_VARIABLES,
  COMPOSE_VERSION_CAPABILITY,
  composeSelection,
  parseComposeVersion,
  type AppDeployment,
  type ComposeSelection,
  type ComposeVersion,
  type NamedValue,
} from 'contract';
import { v1Gaps, v1Refusal } from './compose-v1-features.js';
import { composeEnvText, PROJECT_DOTENV, projectDotenvError, type EnvFileDialect } from './env-file.js';
import { composeFailureMessage } from './compose-failure.js';
import type { ComposeObserver } from './compose-observer.js';
import type { ComposeProject } from './compose-project.js';
import type { DockerEngine } from './engine.js';
import { EngineGate } from './engine-gate.js';
import { deferredCommand, GatedCommand, type HeldCommand } from './held-command.js';
import { imageExists, imagesToPull, pullImage, type ImageToPull } from './image-pull.js';
import { projectContainers } from './project-resources.js';
import { registryAuthFor } from './registries.js';
import { runCommand, type CommandResult } from './run-command.js';
import type { TestHold } from './test-hold.js';

export interface ComposeCli {
  command: string;
  /** Leading arguments: ['compose'] for the v2 plugin, [] for a `docker-compose` binary. */
  baseArgs: string[];
  /** What `version` printed; unknown when the program did not answer. */
  version?: ComposeVersion;
  /** Added to the environment of every compose command (see V1_QUICK_START). */
  env?: Record<string, string>;
}

/**
 * Compose v1 imports `distutils` at every start; where setuptools replaces it (Debian 12: Python
 * 3.11 with setuptools) that import loads all of setuptools and pkg_resources, about 40 % of the
 * half second of CPU each v1 command costs before it does anything. The standard library's own
 * distutils (Python up to 3.11) has all compose uses of it. Only where `version` answers with it.
 */
const V1_QUICK_START = { SETUPTOOLS_USE_DISTUTILS: 'stdlib' };

/**
 * The v2 plugin (`docker compose`) when the Docker CLI has it, else `docker-compose` (v1, or a v2
 * standalone binary), with the version each prints. `forced` names the program to use instead.
 */
export async function detectComposeCli(forced = ''): Promise<ComposeCli> {
  const plugin: ComposeCli = { command: 'docker', baseArgs: ['compose'] };
  const candidates: ComposeCli[] =
    forced === 'docker compose'
      ? [plugin]
      : forced
        ? [{ command: forced, baseArgs: [] }]
        : [plugin, { command: 'docker-compose', baseArgs: [] }];
  for (const cli of candidates) {
    const version = await versionOf(cli);
    if (!version) continue;
    const quick = version.major < 2 && (await versionOf(cli, V1_QUICK_START))?.version === version.version;
    return quick ? { ...cli, version, env: V1_QUICK_START } : { ...cli, version };
  }
  // None answered: the last one runs anyway, and its failures say why.
  return candidates[candidates.length - 1] ?? plugin;
}

/** What `compose version` printed, with `env` added to the agent's environment; null when it did not answer. */
async function versionOf(cli: ComposeCli, env: Record<string, string> = {}): Promise<ComposeVersion | null> {
  const result = await runCommand(cli.command, [...cli.baseArgs, 'version'], {
    timeoutMs: 15_000,
    env: { ...process.env, ...env },
  });
  return result.exitCode === 0 ? parseComposeVersion(result.stdout) : null;
}

/** Compose's generation: by the version it printed, else by how it is called. */
function isV2(cli: ComposeCli): boolean {
  return cli.version ? cli.version.major >= 2 : cli.baseArgs.includes('compose');
}

/** The `compose_version` capability: the version number, when known. */
export function composeVersionCapability(cli: ComposeCli): NamedValue | null {
  return cli.version ? { name: COMPOSE_VERSION_CAPABILITY, value: cli.version.version } : null;
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

/**
 * Runs compose subcommands for one project; every call goes through `runCommand`. Each command
 * reports to the observer its caller gives (the transcript, a watched deploy's progress and steps)
 * and stops at that deploy's cancel signal.
 */
export class ComposeRunner {
  constructor(
    private readonly cli: ComposeCli,
    private readonly systemEnv: NodeJS.ProcessEnv,
    private readonly timeoutMs: number,
    private readonly options: {
      hold?: TestHold;
      /** Where a failure's containers are looked up, so its message names their services. */
      engine?: DockerEngine;
      /** The agent's folder for EngineGate sockets; without it nothing is started held. */
      gatesDir?: string;
    } = {},
  ) {}

  /**
   * Compose runs with the fixed system environment only; the app's variables reach it through the
   * env file, rewritten before every command so it always matches the project.
   */
  async run(
    project: ComposeProject,
    subcommand: string[],
    observer: ComposeObserver,
  ): Promise<CommandResult> {
    await this.writeEnvFile(project);
    const signal = await this.beforeCommand(project, subcommand, observer);
    const result = await this.spawn(project, subcommand, observer, { signal });
    await this.afterCommand(project, subcommand, result, signal, observer);
    return result;
  }

  /**
   * Starts `subcommand` now and lets it reach Docker only when released (see held-command.ts):
   * under v1, whose start-up costs half a second, its engine connections wait at an EngineGate;
   * elsewhere (v2 starts in a few milliseconds, compose uses another engine, or no gate can be
   * made) it starts at its release.
   * Only for a command whose files already passed admission's source check: it reads them at once.
   */
  async startHeld(
    project: ComposeProject,
    subcommand: string[],
    observer: ComposeObserver,
  ): Promise<HeldCommand> {
    const afresh = () => this.runOrThrow(project, subcommand, observer);
    const { engine, gatesDir } = this.options;
    // The gate leads to the agent's engine: only where compose would talk to that one itself.
    const composeEngine = this.systemEnv.DOCKER_HOST ?? 'unix:///var/run/docker.sock';
    const sameEngine = engine !== undefined && composeEngine === `unix://${engine.socketPath}`;
    if (isV2(this.cli) || !engine || !gatesDir || !sameEngine) return deferredCommand(afresh);
    await this.writeEnvFile(project);
    const { deploy } = observer;
    deploy?.throwIfCancelled();
    let gate: EngineGate;
    try {
      gate = await EngineGate.listen(gatesDir, engine.socketPath);
    } catch {
      return deferredCommand(afresh); // e.g. a state folder too deep for a socket path
    }
    const signal = deploy?.cancelSignal();
    const stop = new AbortController();
    const running = this.spawn(project, subcommand, observer, {
      signal: signal ? AbortSignal.any([signal, stop.signal]) : stop.signal,
      dockerHost: gate.url,
    });
    return new GatedCommand(gate, running, stop, {
      before: async () => {
        await this.beforeCommand(project, subcommand, observer);
      },
      after: async (result) => {
        await this.afterCommand(project, subcommand, result, signal, observer);
        await this.throwIfFailed(project, subcommand, result);
      },
      afresh,
      mark: (step, at) => deploy?.mark(step, at),
    });
  }

  /** Where held commands' gates listen: admission refuses it as it refuses the engine's socket. */
  get engineGatesDir(): string | undefined {
    return this.options.gatesDir;
  }

  /**
   * Under v1 refuses what v1 lacks; then writes the env file whole (a new file renamed over the
   * old), so a compose process reading it while another command starts never sees it half written.
   */
  private async writeEnvFile(project: ComposeProject): Promise<void> {
    if (!isV2(this.cli)) await this.refuseWhatV1Lacks(project);
    const envText = composeEnvText(
      await projectDotenv(project.directory),
      interpolated(project.variables),
      composeDialect(this.cli),
    );
    const written = `${project.envFile}.new`;
    await writeFile(written, envText, { mode: 0o600 });
    await chmod(written, 0o600);
    await rename(written, project.envFile);
  }

  /** The test hold, then the cancel check; the signal that kills the command on cancel. */
  private async beforeCommand(
    project: ComposeProject,
    subcommand: string[],
    { deploy }: ComposeObserver,
  ): Promise<AbortSignal | undefined> {
    await this.options.hold?.(`before-${subcommand[0]}`, project.name);
    deploy?.throwIfCancelled();
    return deploy?.cancelSignal();
  }

  /** `dockerHost`: the engine compose talks to, when not its own default. */
  private spawn(
    project: ComposeProject,
    subcommand: string[],
    { deploy }: ComposeObserver,
    options: { signal?: AbortSignal; dockerHost?: string },
  ): Promise<CommandResult> {
    const host = options.dockerHost ? ['--host', options.dockerHost] : [];
    return runCommand(this.cli.command, composeArgs(this.cli, project, subcommand, host), {
      cwd: project.directory,
      env: { ...this.systemEnv, ...this.cli.env },
      timeoutMs: this.timeoutMs,
      onOutput: deploy?.outputOf(subcommand[0], project.name),
      signal: options.signal,
    });
  }

  private async afterCommand(
    project: ComposeProject,
    subcommand: string[],
    result: CommandResult,
    signal: AbortSignal | undefined,
    { transcript }: ComposeObserver,
  ): Promise<void> {
    // `config` prints the resolved model: the app's variables interpolated, secrets decrypted.
    // The deploy history (kept on the server) gets only what it said on stderr.
    transcript?.add(subcommand, subcommand[0] === 'config' ? { ...result, stdout: '' } : result, project);
    if (signal?.aborted) throw cancelledError();
    await this.options.hold?.(`after-${subcommand[0]}`, project.name);
  }

  /**
   * Pulls what the deploy needs before `up`: with `everything` (an update) every image of the
   * project, as `compose pull` does, otherwise only what `up` would pull itself (missing images).
   * Under v2 compose pulls and prints its progress itself, so only `everything` runs (`compose
   * pull`). Under v1, which prints no bytes, the agent pulls through the Engine API, and the
   * deploy's progress shows each image's layers and bytes. `model`: the project as `compose config`
   * resolved it for admission; without one (the host allows everything, so admission read none)
   * compose pulls as under v2 rather than run `config` once more.
   */
  async pullImages(
    project: ComposeProject,
    options: { everything: boolean; model: unknown },
    observer: ComposeObserver,
  ): Promise<void> {
    const { engine } = this.options;
    if (isV2(this.cli) || !engine || options.model === undefined) {
      if (options.everything) await this.runOrThrow(project, ['pull'], observer);
      return;
    }
    const wanted = imagesToPull(options.model, project.profiles, options.everything);
    const images: ImageToPull[] = [];
    for (const image of wanted)
      if (options.everything || !(await imageExists(engine, image.image))) images.push(image);
    await Promise.all(images.map((image) => this.pullThroughEngine(engine, project, image, observer)));
  }

  private async pullThroughEngine(
    engine: DockerEngine,
    project: ComposeProject,
    image: ImageToPull,
    { deploy, transcript }: ComposeObserver,
  ): Promise<void> {
    deploy?.throwIfCancelled();
    const signal = deploy?.cancelSignal();
    const shown = deploy?.imagePull(project.name, image.services);
    const services = image.services.join(', ');
    const dockerConfig = this.systemEnv.DOCKER_CONFIG;
    shown?.state('pulling');
    try {
      await pullImage(engine, image, {
        registryAuth: dockerConfig ? await registryAuthFor(dockerConfig, image.image) : undefined,
        signal,
        idleMs: this.timeoutMs,
        onEvent: (event) => shown?.event(event),
      });
    } catch (error) {
      if (signal?.aborted) throw cancelledError();
      // As `compose pull` does: an image that can also be built is built when the pull finds nothing.
      if (image.buildable) {
        shown?.state('failed');
        transcript?.note(`Pulling ${services} (${image.image})... not found, it will be built`);
        return;
      }
      shown?.state('failed');
      transcript?.note(`Pulling ${services} (${image.image})... error\n${(error as Error).message}`);
      throw error;
    }
    shown?.state('pulled');
    transcript?.note(`Pulling ${services} (${image.image})... done`);
  }

  /** Under v1: the app's compose files must not use what v1 does not know (named in the refusal). */
  private async refuseWhatV1Lacks(project: ComposeProject): Promise<void> {
    const gaps: string[] = [];
    for (const file of project.composeFiles) {
      let model: unknown;
      try {
        model = await parseComposeYaml(await readFile(path.resolve(project.directory, file), 'utf8'));
      } catch {
        continue; // compose itself reports a file it cannot read
      }
      gaps.push(...v1Gaps(file, model));
    }
    if (gaps.length > 0) throw v1Refusal(this.cli.version?.version ?? '1', gaps);
  }

  /**
   * The project as compose itself resolves it (anchors, extends, include, profiles, interpolation)
   * from the same files, arguments and environment as every other subcommand.
   */
  async resolvedModel(project: ComposeProject, observer: ComposeObserver): Promise<unknown> {
    const result = await this.runOrThrow(project, configSubcommand(this.cli), observer);
    try {
      return await parseComposeYaml(result.stdout);
    } catch (error) {
      throw new AgentError(
        AgentErrorCode.ComposeFailed,
        `docker compose config printed an unreadable model: ${(error as Error).message}`,
      );
    }
  }

  /** Like `run` but a non-zero exit becomes an error carrying compose's own explanation. */
  async runOrThrow(
    project: ComposeProject,
    subcommand: string[],
    observer: ComposeObserver,
  ): Promise<CommandResult> {
    const result = await this.run(project, subcommand, observer);
    await this.throwIfFailed(project, subcommand, result);
    return result;
  }

  private async throwIfFailed(
    project: ComposeProject,
    subcommand: string[],
    result: CommandResult,
  ): Promise<void> {
    if (result.exitCode === 0) return;
    // Compose names a container by its id or its name; the user knows it by its service.
    const { engine } = this.options;
    const containers = engine ? await projectContainers(engine, project.name).catch(() => []) : [];
    throw new AgentError(
      AgentErrorCode.ComposeFailed,
      composeFailureMessage(subcommand[0] ?? 'compose', result, project, containers),
    );
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
  return isV2(cli) ? 'v2' : 'v1';
}

/**
 * The full argument list of one compose command (global options first, as both versions need);
 * `globalOptions` go with the agent's own.
 */
export function composeArgs(
  cli: ComposeCli,
  project: ComposeProject,
  subcommand: string[],
  globalOptions: string[] = [],
): string[] {
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
  return [...args, ...globalOptions, ...subcommand];
}

/** v2 prints JSON on request; v1 (docker-compose 1.x) only prints YAML. */
export function configSubcommand(cli: ComposeCli): string[] {
  return composeDialect(cli) === 'v2' ? ['config', '--format', 'json'] : ['config'];
}
