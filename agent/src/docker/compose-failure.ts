/**
 * A failed compose command explained in the user's terms first (issue 14, errors that explain
 * themselves): which file or service, and what went wrong; then compose's own last lines, with the
 * agent's folders stripped (the user's filenames). The full output is in the deploy history.
 */
import type { ProjectPaths } from './compose-project.js';
import { userPaths } from './compose-transcript.js';
import type { ProjectContainer } from './project-resources.js';
import type { CommandResult } from './run-command.js';

/**
 * @param containers the project's containers when it failed: compose names a container by its id
 *   (v1) or its name (v2), and the message names it by its service instead.
 */
export function composeFailureMessage(
  operation: string,
  result: CommandResult,
  project?: ProjectPaths,
  containers: ProjectContainer[] = [],
): string {
  const printed = `${result.stderr}\n${result.stdout}`;
  const text = serviceNames(project ? userPaths(printed, project) : printed, containers);
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^(WARNING|Creating network|Creating|Starting)\b/i.test(line));
  const detail = lines.slice(-4).join(' | ') || 'no output';
  const said = `docker compose ${operation} failed (exit ${result.exitCode}): ${detail}`;
  const explained = explanationOf(text);
  return explained ? `${explained}. ${said}` : said;
}

const PULL_REASONS =
  'pull access denied|repository does not exist|manifest unknown|not found|no such host|connection refused|i/o timeout';

/** Why a pull failed, as the user can act on it, from the first reason the engine or compose gave. */
function pullReason(said: string): string {
  const reason = new RegExp(PULL_REASONS, 'i').exec(said)?.[0].toLowerCase() ?? '';
  if (['no such host', 'connection refused', 'i/o timeout'].includes(reason))
    return 'the registry cannot be reached from the server';
  if (reason === 'manifest unknown' || reason === 'not found') return 'no such image or tag';
  return 'it does not exist, or the registry needs a login';
}

/** The first line of a failed pull: which service, which image, and why in the user's terms. */
export function pullFailureLine(service: string, image: string, said: string): string {
  return `Service ${service}: the image ${image} cannot be pulled (${pullReason(said)})`;
}

/** Each container id (full or the 12 characters compose prints) and name replaced by its service. */
function serviceNames(text: string, containers: ProjectContainer[]): string {
  let named = text;
  for (const container of containers) {
    if (!container.service) continue;
    for (const reference of [container.id, container.id.slice(0, 12), container.name])
      if (reference) named = named.split(reference).join(container.service);
  }
  return named;
}

/** Longest command of a failed build step quoted in the first line. */
const STEP_MAX_CHARS = 120;

/**
 * Which service's build failed, at which step and with which command: v1's legacy builder prints
 * 'Step 3/3 : RUN …' (stdout) then 'Service 'web' failed to build' (stderr); v2's BuildKit prints
 * 'ERROR [web 3/3] RUN …' and 'failed to solve: process … exit code: 1'.
 */
function buildFailure(text: string): string | null {
  const buildKitStep = /ERROR \[([\w.-]+)(?: [\w.-]+)? (\d+\/\d+)\] (.+)$/m.exec(text);
  const v1Service = /Service '([^']+)' failed to build/.exec(text);
  const service = v1Service?.[1] ?? buildKitStep?.[1] ?? /target ([\w.-]+): failed to solve/.exec(text)?.[1];
  if (!service) return null;
  const v1Steps = [...text.matchAll(/^Step (\d+\/\d+) : (.+)$/gm)];
  const v1Step = v1Steps.at(-1);
  const step = buildKitStep
    ? // BuildKit's progress line ends with the step's duration.
      { number: buildKitStep[2]!, command: buildKitStep[3]!.replace(/\s+[\d.]+s$/, '') }
    : v1Step
      ? { number: v1Step[1]!, command: v1Step[2]! }
      : null;
  const exitCode = /returned a non-zero code: (\d+)|did not complete successfully: exit code: (\d+)/.exec(
    text,
  );
  const code = exitCode?.[1] ?? exitCode?.[2];
  if (!step) return `Service ${service}: its image could not be built`;
  const command =
    step.command.length > STEP_MAX_CHARS ? `${step.command.slice(0, STEP_MAX_CHARS)}…` : step.command;
  return `Service ${service}: its image could not be built: step ${step.number} (${command.trim()}) failed${code ? ` with exit code ${code}` : ''}`;
}

/**
 * A service whose healthcheck fails, that another one waits for (`condition: service_healthy`):
 * v1 says 'ERROR: for web  Container "db" is unhealthy.', v2 'dependency failed to start:
 * container db is unhealthy' (names already replaced by services).
 */
function unhealthyService(text: string): string | null {
  const v1 = /ERROR: for (\S+)\s+Container "([^"]+)" is unhealthy/.exec(text);
  if (v1)
    return `Service ${v1[2]} is unhealthy (its healthcheck fails), so ${v1[1]}, which waits for it, was not started`;
  const v2 = /container (\S+) is unhealthy/i.exec(text);
  return v2
    ? `Service ${v2[1]} is unhealthy (its healthcheck fails), so the services that wait for it were not started`
    : null;
}

/** The first line for the failures people meet most; null when compose's own words must do. */
function explanationOf(text: string): string | null {
  // v1 (PyYAML) and v2 (go-yaml) name the file and the position differently.
  const yamlV1 = /in "(?:\.\/)?([^"]+)", line (\d+), column (\d+)/.exec(text);
  if (/yaml|parsing|ParserError|ScannerError/i.test(text) && yamlV1)
    return `${yamlV1[1]} is not valid YAML (line ${yamlV1[2]}, column ${yamlV1[3]})`;
  const yamlV2 = /([\w./-]+\.ya?ml): yaml: line (\d+): (.+)/.exec(text);
  if (yamlV2) return `${yamlV2[1]} is not valid YAML (line ${yamlV2[2]}: ${yamlV2[3]})`;
  const pulling = new RegExp(`Pulling (\\S+) \\(([^)]+)\\)\\.\\.\\.[\\s\\S]*?(${PULL_REASONS})`, 'i').exec(
    text,
  );
  if (pulling) return pullFailureLine(pulling[1]!, pulling[2]!, pulling[3]!);
  const pullV2 = /^\s*(\S+) Error\b.*?(pull access denied|manifest unknown|not found|no such host)/im.exec(
    text,
  );
  if (pullV2) return `Service ${pullV2[1]}: its image cannot be pulled (${pullV2[2]})`;
  const build = buildFailure(text);
  if (build) return build;
  const unhealthy = unhealthyService(text);
  if (unhealthy) return unhealthy;
  const port = /Bind for [\d.:]*?:(\d+) failed: port is already allocated|address already in use/.exec(text);
  if (port)
    return `A port the app publishes${port[1] ? ` (${port[1]})` : ''} is already in use on the server`;
  return null;
}
