/**
 * A failed compose command explained in the user's terms first (issue 14, errors that explain
 * themselves): which file or service, and what went wrong; then compose's own last lines, with the
 * agent's folders stripped (the user's filenames). The full output is in the deploy history.
 */
import { userPaths } from './compose-transcript.js';
import type { ComposeProject } from './compose.js';
import type { CommandResult } from './run-command.js';

type ProjectPaths = Pick<ComposeProject, 'directory' | 'envFile'>;

export function composeFailureMessage(
  operation: string,
  result: CommandResult,
  project?: ProjectPaths,
): string {
  const printed = `${result.stderr}\n${result.stdout}`;
  const text = project ? userPaths(printed, project) : printed;
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^(WARNING|Creating network|Creating|Starting)\b/i.test(line));
  const detail = lines.slice(-4).join(' | ') || 'no output';
  const said = `docker compose ${operation} failed (exit ${result.exitCode}): ${detail}`;
  const explained = explanationOf(text);
  return explained ? `${explained}. ${said}` : said;
}

const PULL_REASONS = 'pull access denied|repository does not exist|manifest unknown|not found|no such host';

/** Why a pull failed, as the user can act on it. */
function pullReason(said: string): string {
  const reason = said.toLowerCase();
  if (reason === 'no such host') return 'the registry cannot be reached from the server';
  if (reason === 'manifest unknown' || reason === 'not found') return 'no such image or tag';
  return 'it does not exist, or the registry needs a login';
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
  if (pulling)
    return `Service ${pulling[1]}: the image ${pulling[2]} cannot be pulled (${pullReason(pulling[3]!)})`;
  const pullV2 = /^\s*(\S+) Error\b.*?(pull access denied|manifest unknown|not found|no such host)/im.exec(
    text,
  );
  if (pullV2) return `Service ${pullV2[1]}: its image cannot be pulled (${pullV2[2]})`;
  const port = /Bind for [\d.:]*?:(\d+) failed: port is already allocated|address already in use/.exec(text);
  if (port)
    return `A port the app publishes${port[1] ? ` (${port[1]})` : ''} is already in use on the server`;
  return null;
}
